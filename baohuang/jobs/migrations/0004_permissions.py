# ruff: noqa: RUF012  (makemigrations, plus the data step below)
"""The jobs' model permissions (``run_simulation``, ``cancel_any_job``), given to the group
*Operators* where it exists already (``manage.py ensure_operator`` gives them to a new one).
Until this migration the API asked only for ``is_staff`` (issue #16, item 7)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Operators"
GIVEN = {
    "jobs": ("run_simulation", "cancel_any_job", "view_simulationjob"),
}


def give_operators(apps, schema_editor):
    # Permissions are created after the whole migrate run (post_migrate): create them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, verbosity=0, apps=apps)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name=GROUP).first()
    if group is None:
        return
    for app_label, codenames in GIVEN.items():
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("jobs", "0003_error_codes_and_labels"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="simulationjob",
            options={
                "ordering": ["-created_at"],
                "permissions": (
                    (
                        "run_simulation",
                        "Can start simulations, comparisons, re-scores and balancing",
                    ),
                    ("cancel_any_job", "Can cancel any user's simulation job"),
                ),
                "verbose_name": "simulation job",
                "verbose_name_plural": "simulation jobs",
            },
        ),
        migrations.RunPython(give_operators, migrations.RunPython.noop),
    ]
