#!/bin/sh
# A slow helper: sleeps a third of a second, then runs the command given as arguments (a
# reference, for a shrink whose budget is spent on the reference's runs).
sleep 0.3
exec "$@"
