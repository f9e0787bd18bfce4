"""Where a student's identity is kept: their Student id in the Django session, under this key.
Students are not Django users (`classroom.access` says who may see what); this module only
names the key, so that the idle-poll check (`classroom.live`) and the access functions, which
depend on each other's work, need not import each other."""

STUDENT_SESSION_KEY = "student_id"
