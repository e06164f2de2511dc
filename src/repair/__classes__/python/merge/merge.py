def merge(a, b):
    """Merges two sorted lists into one sorted list."""
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
    out.extend(a[i:])
    out.extend(b[j:])
    return out
