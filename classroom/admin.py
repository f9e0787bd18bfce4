"""The admin, for maintainers. Rounds and their logs are read-only here: the log is append-only,
and a round's state is its replay."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from classroom.models import (
    Action,
    Assignment,
    Classroom,
    GameSession,
    Round,
    Student,
    Table,
    User,
)

admin.site.register(User, UserAdmin)


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ["name", "teacher", "join_code", "created_at"]
    search_fields = ["name", "teacher__username", "join_code"]


@admin.register(Student)
class StudentAdmin(admin.ModelAdmin):
    list_display = ["nickname", "classroom", "created_at"]
    search_fields = ["nickname", "classroom__name"]


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ["title", "classroom", "variant", "rule_source", "mode", "created_at"]
    list_filter = ["mode", "rule_source", "variant"]


@admin.register(GameSession)
class GameSessionAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "created_at", "started_at", "ended_at"]
    list_filter = ["status"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "session", "paused"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "variant", "status", "version", "end_reason", "created_at"]
    list_filter = ["status", "variant"]
    exclude = ["snapshot"]


@admin.register(Action)
class ActionAdmin(ReadOnlyAdmin):
    list_display = ["round", "seq", "kind", "seat", "created_at"]
    list_filter = ["kind"]
