"""Create the demo data that `make run` shows a newcomer, and print how to log in."""

from django.core.management.base import BaseCommand

from classroom.demo import demo_create


class Command(BaseCommand):
    help = "Create a demo teacher (and, where the classroom exists, a live demo class)."

    def handle(self, *args, **options):
        result = demo_create()
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
        for line in result.lines():
            self.stdout.write(line)
