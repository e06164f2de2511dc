def quicksort(xs):
    pivot = xs[0]
    smaller = [x for x in xs[1:] if x < pivot]
    larger = [x for x in xs[1:] if x >= pivot]
    return quicksort(smaller) + [pivot] + quicksort(larger)
