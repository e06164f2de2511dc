def is_done(status):
    return status is "done"
