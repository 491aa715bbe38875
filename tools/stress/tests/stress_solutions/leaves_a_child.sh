#!/bin/sh
# Runs the solution given as arguments, but first starts a background process that outlives it
# (as a contestant's script may, by mistake) and holds its stdout: `stress` must kill it with the
# run, and not wait for it. Its argument is unusual so that the test can look for it.
sleep 31.41592 &
exec "$@"
