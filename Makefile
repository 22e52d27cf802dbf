# The Lambda build targets that sam build calls live in deploy/Makefile.
include deploy/Makefile
