"""A player that crashes on reading the jury's first line."""
import sys

sys.stdin.readline()
raise SystemExit("crashed on reading the jury's line")
