def strip_comment(line):
    """The code part of a line, without a trailing # comment and trailing spaces."""
    code = line.split("#", 1)[0]
    return code.lstrip()
