"""A jury that writes its last line, then takes its time to exit with a wrong answer (1): the
player meanwhile crashes on reading that line. Which side ends first is the scheduler's choice;
the verdict must not be."""
import sys
import time

print("your move", flush=True)
time.sleep(0.05)
sys.stderr.write("wrong answer: the game was lost before that move\n")
sys.exit(1)
