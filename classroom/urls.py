app_name = "classroom"
urlpatterns: list = []
