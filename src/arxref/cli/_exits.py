"""The command's exit codes and the error for input a person must fix; light, for `arxref --help`."""

EXIT_OK = 0
EXIT_SOME_FAILED = 1  # the command ran; some paper versions failed (recorded on each)
EXIT_USAGE = 2  # argparse's own code for a bad command line
EXIT_INPUT = 3  # a file, setting, database or broker the command cannot use


class InputError(Exception):
    """What the person gave cannot be used (a file that is not a catalog, ...): one line, exit 3."""
