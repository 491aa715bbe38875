#!/bin/sh
# A wrong solution made from a right one: runs PROGRAM and replaces the word FROM by TO in its
# output (`replace_word.sh Draw Aoki shiritori`: a draw taken for a loss).
from=$1 to=$2
shift 2
"$@" | sed "s/\b$from\b/$to/g"
