#!/bin/sh
# A jury that accepts (exit 0) at once, leaving a background child that holds its output open.
(sleep 30.7182818 &)
echo hi
exit 0
