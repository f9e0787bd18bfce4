"""The round's snapshot is kept packed (orjson and zlib) instead of as JSON.

The snapshot is a cache: the action log is the truth. So the old column is dropped rather than
converted, and a round in play is rebuilt from its log at its next read; its next move stores
the packed snapshot.
"""

from django.db import migrations

import classroom.models.fields


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0010_table_students_deal"),
    ]

    operations = [
        migrations.RemoveField(model_name="round", name="snapshot"),
        migrations.AddField(
            model_name="round",
            name="snapshot",
            field=classroom.models.fields.PackedJSONField(blank=True, null=True),
        ),
    ]
