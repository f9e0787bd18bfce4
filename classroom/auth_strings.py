"""Django's own words on the teacher's account pages (sign-up, password change and reset), here so
that `makemessages` keeps them in the project's catalogs (issue 36, point 5).

Django's catalogs lack Thai for its password validators and the sign-up form's help texts, so a
Thai teacher read six English messages on the sign-up page. The project's catalogs come before
Django's (LOCALE_PATHS), so these entries give them in Thai; in Spanish, Greek and Russian they are
Django's own translations, copied so that every language's catalog stays complete. The msgids
must be Django's exactly (curly apostrophes included): tests/classroom/test_error_pages.py checks
each reaches the page translated.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

AUTH_STRINGS = (
    # django/contrib/auth/models.py: the user name's help text
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    # django/contrib/auth/validators.py
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ "
        "characters."
    ),
    # django/contrib/auth/forms.py
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Enter the same password as before, for verification."),
    # django/contrib/auth/password_validation.py: the help texts, then the errors
    gettext_noop("Your password can’t be too similar to your other personal information."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        "min_length",
    ),
    gettext_noop("This password is too common."),
    gettext_noop("This password is entirely numeric."),
)
