"""URL of the web editor, included at ``editor/`` by the project."""

from django.urls import URLPattern, path

from baohuang.editor import views

app_name = "editor"

urlpatterns: list[URLPattern] = [
    path("", views.editor, name="index"),
]
