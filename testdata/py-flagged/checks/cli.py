from argparse import *

from .validation import Checks


def main(args):
    validator = args.validator or Checks.bounded(0, 9)
    return validator
