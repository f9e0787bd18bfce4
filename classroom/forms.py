"""Forms for teachers' accounts and classes, and for students joining and signing in."""

import logging
from urllib.parse import urlsplit

from axes.utils import reset as axes_reset
from django import forms
from django.conf import settings
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.utils.translation import gettext_lazy as _

from classroom.codes import JOIN_CODE_LENGTH, join_code_is_well_formed, join_code_normalize
from classroom.models import User
from classroom.models.accounts import NICKNAME_MAX_LENGTH
from classroom.nicknames import nickname_normalize, nickname_problem
from classroom.pictures import PICTURE_COUNT, PICTURES
from classroom.services.classes import CLASSROOM_NAME_MAX_LENGTH, PRECREATE_MAX
from classroom.throttle import (
    LOGIN_FAILURES_PER_ADDRESS,
    LOGIN_FAILURES_PER_USERNAME,
    RESET_MAILS_PER_CLIENT,
    RESET_MAILS_PER_EMAIL,
    client_fingerprint,
    email_fingerprint,
    throttle_fail,
    throttle_is_blocked,
    throttle_over,
    throttle_reset,
    username_fingerprint,
)
from eleusis.auth import known_device

logger = logging.getLogger(__name__)


class TeacherSignupForm(UserCreationForm):
    """A teacher's account: user name, email (for password reset) and password."""

    email = forms.EmailField(
        label=_("Email"),
        help_text=_("Only used to reset your password."),
        error_messages={"required": _("Please give an email address for password resets.")},
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        # No check that the address is free: the answer would tell anyone whether an address has
        # an account here. Password reset mails every account of the address (each its own link).
        return self.cleaned_data["email"].strip()


class ThrottledPasswordResetForm(PasswordResetForm):
    """Django's reset form, whose mail goes out at most `RESET_MAILS_PER_EMAIL` times an hour to
    one address and `RESET_MAILS_PER_CLIENT` times an hour from one device. Past a limit nothing
    is sent and the page says the same as ever, so it tells nothing about the address either."""

    def save(self, *args, **kwargs):
        email = self.cleaned_data["email"]
        request = kwargs.get("request")
        per_email = throttle_over(RESET_MAILS_PER_EMAIL, email_fingerprint(email))
        per_client = request is not None and throttle_over(
            RESET_MAILS_PER_CLIENT, client_fingerprint(request)
        )
        if per_email or per_client:
            logger.warning("password reset mail not sent: the hourly limit is reached")
            return None
        if settings.SITE_URL:
            # The link in the mail is on the app's own address, never on the Host the request
            # named (which `make run` accepts whatever it is): a forged Host cannot send a
            # teacher's reset link elsewhere.
            site = urlsplit(settings.SITE_URL)
            kwargs["domain_override"] = site.netloc
            kwargs["use_https"] = site.scheme == "https"
        return super().save(*args, **kwargs)


class LimitedAuthenticationForm(AuthenticationForm):
    """Django's log-in form with the app's two limits on top of django-axes' pair: wrong
    passwords for one user name from every address, and from one address for every user name.
    Past either, a device the account never logged in from is refused for the hour; a device it
    did log in from never is, so nobody locks a teacher out of their own computer."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "limited": _(
            "Too many wrong passwords were tried for this account, or from this network. Log "
            "in from a device you used before, reset your password, or try again in an hour."
        ),
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        request = self.request
        known = request is not None and known_device(request, username)
        address = client_fingerprint(request) if request is not None else ""
        if not known and (
            throttle_is_blocked(LOGIN_FAILURES_PER_USERNAME, username_fingerprint(username))
            or (address and throttle_is_blocked(LOGIN_FAILURES_PER_ADDRESS, address))
        ):
            raise forms.ValidationError(self.error_messages["limited"], code="limited")
        try:
            return super().clean()
        except forms.ValidationError as error:
            if error.code == "invalid_login":
                throttle_fail(LOGIN_FAILURES_PER_USERNAME, username_fingerprint(username))
                if address:
                    throttle_fail(LOGIN_FAILURES_PER_ADDRESS, address)
            raise


class UnlockingSetPasswordForm(SetPasswordForm):
    """The new password of a reset lifts every lock on the account: django-axes' pairs and the
    user name's count."""

    def save(self, commit=True):
        user = super().save(commit=commit)
        username = user.get_username()
        axes_reset(username=username)
        throttle_reset(LOGIN_FAILURES_PER_USERNAME, username_fingerprint(username))
        return user


class ClassroomForm(forms.Form):
    name = forms.CharField(
        label=_("Class name"),
        max_length=CLASSROOM_NAME_MAX_LENGTH,
        error_messages={"required": _("Please give the class a name.")},
    )


class NicknameField(forms.CharField):
    """A nickname, normalised and checked (blank, length, characters, abuse)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Nickname"))
        kwargs.setdefault("max_length", NICKNAME_MAX_LENGTH * 2)  # normalising may shorten it
        kwargs.setdefault("error_messages", {"required": _("Please type a nickname.")})
        super().__init__(**kwargs)

    def clean(self, value):
        value = nickname_normalize(super().clean(value))
        problem = nickname_problem(value)
        if problem:
            raise forms.ValidationError(problem)
        return value


class JoinCodeField(forms.CharField):
    """A class code as typed: case and spaces do not matter; only the code's letters are valid."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Class code"))
        kwargs.setdefault("max_length", 20)
        kwargs.setdefault("error_messages", {"required": _("Please type your class code.")})
        super().__init__(**kwargs)
        self.widget.attrs.update(
            {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        )

    def clean(self, value):
        code = join_code_normalize(super().clean(value))
        if not join_code_is_well_formed(code):
            raise forms.ValidationError(
                _("A class code has %(length)d letters and numbers, like ACD 479.")
                % {"length": JOIN_CODE_LENGTH}
            )
        return code


class JoinForm(forms.Form):
    code = JoinCodeField()
    nickname = NicknameField(help_text=_("Not your real full name: a first name or a fun name."))


class SigninCodeForm(forms.Form):
    code = JoinCodeField()


class StudentRenameForm(forms.Form):
    nickname = NicknameField(label=_("New nickname"))


class NicknamesForm(forms.Form):
    nicknames = forms.CharField(
        label=_("Nicknames, one per line"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=PRECREATE_MAX * (NICKNAME_MAX_LENGTH + 2) * 2,
        error_messages={"required": _("Type at least one nickname, one per line.")},
    )

    def clean_nicknames(self) -> list[str]:
        return [line for line in self.cleaned_data["nicknames"].splitlines() if line.strip()]


PICTURE_CHOICES = [(picture.key, picture.label) for picture in PICTURES]
PICTURE_FIELD_LABELS = (_("First picture"), _("Second picture"), _("Third picture"))


class PictureSigninForm(forms.Form):
    """The picture password: one radio group per position, so it works by keyboard and voice."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for index in range(PICTURE_COUNT):
            self.fields[f"picture_{index + 1}"] = forms.ChoiceField(
                label=PICTURE_FIELD_LABELS[index],
                choices=PICTURE_CHOICES,
                widget=forms.RadioSelect,
                error_messages={
                    "required": _("Pick a picture here."),
                    "invalid_choice": _("Pick one of the pictures shown."),
                },
            )

    def picture_keys(self) -> list[str]:
        return [self.cleaned_data[f"picture_{index + 1}"] for index in range(PICTURE_COUNT)]

    def picture_fields(self):
        return [self[f"picture_{index + 1}"] for index in range(PICTURE_COUNT)]


__all__ = [
    "ClassroomForm",
    "JoinForm",
    "NicknamesForm",
    "PictureSigninForm",
    "SigninCodeForm",
    "StudentRenameForm",
    "TeacherSignupForm",
    "ThrottledPasswordResetForm",
]
