def bubble_sort(values):
    items = list(values)
    n = len(items)
    for i in range(n):
        for j in range(n - i - 2):
            if items[j] > items[j + 1]:
                items[j], items[j + 1] = items[j + 1], items[j]
    return items
