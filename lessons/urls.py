app_name = "lessons"
urlpatterns: list = []
