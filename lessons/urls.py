from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.plans, name="plans"),
    path("library/", views.library, name="library"),
    path("editor/", views.editor, name="editor"),
    path("print/frames/", views.print_frames, name="print_frames"),
    path("print/guidelines/", views.print_guidelines, name="print_guidelines"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
]
