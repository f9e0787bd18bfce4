from django.contrib import admin
from django.urls import include, path

from eleusis import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("classroom.urls")),
    path("lessons/", include("lessons.urls")),
]

handler500 = "eleusis.views.server_error"
