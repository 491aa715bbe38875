#!/bin/sh
# A jury that reads one line and says "wrong answer" (exit 1). `sh says_wrong.sh INPUT_FILE`.
read -r line
echo "wrong answer: $line" >&2
exit 1
