"""The classroom's URLs, all under the `classroom` namespace. Append new groups at the end."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from classroom.forms import ThrottledPasswordResetForm, UnlockingSetPasswordForm
from classroom.views import classes, students

app_name = "classroom"

# Teachers' accounts (django.contrib.auth views; templates in templates/registration/).
account_urls = [
    path("signup/", classes.signup, name="signup"),
    path(
        "login/",
        classes.TeacherLoginView.as_view(next_page="classroom:dashboard"),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
    path(
        "password-reset/",
        auth_views.PasswordResetView.as_view(
            form_class=ThrottledPasswordResetForm,
            success_url=reverse_lazy("classroom:password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            form_class=UnlockingSetPasswordForm,
            success_url=reverse_lazy("classroom:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path("password-reset/done/", classes.password_reset_complete, name="password_reset_complete"),
    path("account/delete/", classes.account_delete, name="account_delete"),
]

# A teacher's classes and their students.
class_urls = [
    path("classes/", classes.dashboard, name="dashboard"),
    path("classes/new/", classes.classroom_create_view, name="classroom_create"),
    path("classes/assign/", classes.assign_rule, name="assign_rule"),
    path("classes/<int:pk>/", classes.classroom_detail, name="classroom_detail"),
    path("classes/<int:pk>/rename/", classes.classroom_rename_view, name="classroom_rename"),
    path("classes/<int:pk>/delete/", classes.classroom_delete_view, name="classroom_delete"),
    path(
        "classes/<int:pk>/rotate-code/",
        classes.classroom_rotate_code_view,
        name="classroom_rotate_code",
    ),
    path("classes/<int:pk>/qr.svg", classes.classroom_qr, name="classroom_qr"),
    path("classes/<int:pk>/cards/", classes.classroom_cards, name="classroom_cards"),
    path(
        "classes/<int:pk>/students/new/",
        classes.students_precreate_view,
        name="students_precreate",
    ),
    path("students/<int:pk>/rename/", classes.student_rename_view, name="student_rename"),
    path("students/<int:pk>/remove/", classes.student_remove_view, name="student_remove"),
    path(
        "classes/<int:pk>/students/remove/",
        classes.students_remove_view,
        name="students_remove",
    ),
    path(
        "students/<int:pk>/reset-pictures/",
        classes.student_reset_pictures_view,
        name="student_reset_pictures",
    ),
]

# Students: join, sign in again with pictures, leave.
student_urls = [
    path("join/", students.join, name="join"),
    path("join/<str:code>/", students.join_with_code, name="join_with_code"),
    path("signin/", students.signin, name="signin"),
    path("signin/<str:code>/", students.signin_pick, name="signin_pick"),
    path("signin/<str:code>/<int:pk>/", students.signin_pictures, name="signin_pictures"),
    path("me/", students.student_home, name="student_home"),
    path("leave/", students.student_leave, name="student_leave"),
]

urlpatterns = [*account_urls, *class_urls, *student_urls]

# Games: the student's side.
from classroom.views import play  # noqa: E402

play_urls = [
    path("play/sessions/<int:pk>/join/", play.session_join, name="session_join"),
    path("play/sessions/<int:pk>/", play.session_lobby, name="session_lobby"),
    path("play/solo/<int:pk>/", play.solo_start_view, name="solo_start"),
    path("play/tables/<int:pk>/", play.table_page, name="table"),
    path("play/tables/<int:pk>/move/", play.table_move, name="table_move"),
    path("play/builder/", play.builder_parts, name="builder_parts"),
    path("play/builder/words/", play.phrase_match, name="phrase_match"),
    path("play/tables/<int:pk>/rule-check/", play.table_rule_check, name="table_rule_check"),
    path("play/tables/<int:pk>/deal/", play.table_deal, name="table_deal"),
    path("play/tables/<int:pk>/place/", play.table_place, name="table_place"),
    path("play/tables/<int:pk>/dealer/", play.table_dealer_move, name="table_dealer_move"),
]
# First: a class asks for these many times a second, and the resolver tries the patterns in
# order (51 µs to find a table poll after the forty others, 32 µs first). No pattern
# elsewhere matches a "play/" path, so the order changes no answer.
urlpatterns = [*play_urls, *urlpatterns]

# Games: the teacher's side (assigning, lobby and seating, the live view and its controls).
from classroom.views import teach  # noqa: E402

teach_urls = [
    path(
        "classes/<int:pk>/assignments/new/",
        teach.assignment_create_view,
        name="assignment_create",
    ),
    path("teach/rule-check/", teach.rule_check_view, name="rule_check"),
    path("teach/assignments/<int:pk>/", teach.assignment_detail, name="assignment_detail"),
    path("teach/assignments/<int:pk>/open/", teach.session_open_view, name="session_open"),
    path("teach/sessions/<int:pk>/", teach.session_detail, name="session_detail"),
    path("teach/sessions/<int:pk>/seat/", teach.session_seat_view, name="session_seat"),
    path("teach/sessions/<int:pk>/start/", teach.session_start_view, name="session_start"),
    path("teach/sessions/<int:pk>/live/", teach.session_live, name="session_live"),
    path("teach/sessions/<int:pk>/projector/", teach.session_projector, name="session_projector"),
    path("teach/seats/<int:pk>/remove/", teach.seat_remove_view, name="seat_remove"),
    path(
        "teach/sessions/<int:pk>/late-seat/", teach.session_late_seat_view, name="session_late_seat"
    ),
    path("teach/sessions/<int:pk>/pause/", teach.session_pause_view, name="session_pause"),
    path("teach/tables/<int:pk>/pause/", teach.table_pause_view, name="table_pause"),
    path("teach/tables/<int:pk>/end/", teach.table_end_round, name="table_end_round"),
    path("teach/tables/<int:pk>/hint/", teach.table_hint, name="table_hint"),
    path("teach/tables/<int:pk>/skip/", teach.table_skip, name="table_skip"),
    path("teach/tables/<int:pk>/verdict/", teach.table_verdict, name="table_verdict"),
    path("teach/tables/<int:pk>/reveal/", teach.table_reveal, name="table_reveal"),
    path("teach/tables/<int:pk>/next-round/", teach.table_next_round_view, name="table_next_round"),
]
urlpatterns += teach_urls

# The review after class (teachers only): overview, one student, replay, marks, CSV exports.
from classroom.views import exports, review  # noqa: E402

review_urls = [
    path("teach/sessions/<int:pk>/review/", review.session_review_view, name="review_session"),
    path(
        "teach/sessions/<int:pk>/review/students/<int:seat_pk>/",
        review.student_review_view,
        name="review_student",
    ),
    path(
        "teach/sessions/<int:pk>/review/rounds/<int:round_pk>/",
        review.round_replay_view,
        name="review_replay",
    ),
    path(
        "teach/sessions/<int:pk>/review/hypotheses/<int:hypothesis_pk>/mark/",
        review.hypothesis_mark_view,
        name="review_mark",
    ),
    path(
        "teach/sessions/<int:pk>/review/ideas/mark/",
        review.ideas_mark_view,
        name="review_ideas_mark",
    ),
    path(
        "teach/sessions/<int:pk>/review/delphi.csv",
        exports.session_delphi_csv,
        name="review_delphi_csv",
    ),
    path(
        "teach/sessions/<int:pk>/review/plays.csv",
        exports.session_plays_csv,
        name="review_plays_csv",
    ),
    path(
        "teach/sessions/<int:pk>/review/guesses.csv",
        exports.session_guesses_csv,
        name="review_guesses_csv",
    ),
    path(
        "teach/sessions/<int:pk>/review/students.csv",
        exports.session_students_csv,
        name="review_students_csv",
    ),
    path(
        "teach/sessions/<int:pk>/review/key.csv",
        exports.session_key_csv,
        name="review_key_csv",
    ),
]
urlpatterns += review_urls

# Delphi, the whole-class prediction game: a student's token, the teacher's "reveal now".
urlpatterns += [
    path("play/tables/<int:pk>/predict/", play.table_move, name="table_predict"),
    # The moves' old addresses (pages drawn before the one move view, tests): the one view.
    path("play/tables/<int:pk>/string/", play.table_move, name="table_string"),
    path("play/tables/<int:pk>/card/", play.table_move, name="table_card"),
    path("teach/tables/<int:pk>/reveal-card/", teach.table_reveal_card, name="table_reveal_card"),
]

# The teacher closes a live session: every round still being played ends.
urlpatterns += [
    path("teach/sessions/<int:pk>/finish/", teach.session_finish_view, name="session_finish"),
]
