/*
 * C(y) and C(x, y) of one batch of positives in one pass over the rows; and
 * (once_per_row) each row's labels made unique, for token lists.
 *
 * Optional: backends.py falls back to NumPy (and scipy) when this module
 * was not built. What it counts is docs/measures/association.md, "What is
 * counted": each row adds one to C(y) for each of its labels, and one to
 * C(x, y) for each identity x it holds and each of its labels y.
 *
 * Arrays arrive through the buffer protocol (no NumPy headers needed to
 * build); the interpreter lock is released while counting. The arguments
 * are checked before anything is counted (shapes, k * num_labels, row
 * offsets), and while counting every value read from a caller's array is
 * checked where it is used: another thread may write those arrays while the
 * lock is released, so nothing is read or written out of bounds whatever
 * the arguments, only counted wrong (and then an error is likely).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { OK = 0, LABEL_OUT_OF_RANGE, SLOT_OUT_OF_RANGE, TOO_MANY_IDENTITIES, ROWS_CHANGED };

/* What a buffer holds: column indices (signed, 32 or 64 bits), offsets or
 * slots (signed 64 bits), or counts written here (unsigned 32 bits: a
 * batch's count is at most its rows, which the caller keeps below 2**32,
 * and the narrow counts halve the cache the scattered additions touch);
 * EDITED: signed 64 bits rewritten in place. */
enum kind { INDICES, WIDE, COUNTS, EDITED };

/* A 1-d, C-contiguous buffer of the given kind. */
static int get_ints(PyObject *obj, Py_buffer *view, enum kind kind, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (kind == COUNTS || kind == EDITED ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@') {
        format++;
    }
    int one = format[1] == '\0';
    int ok = kind == COUNTS ? one && format[0] == 'I' && view->itemsize == 4
                            : one && strchr("ilq", format[0]) != NULL &&
                                  (view->itemsize == 8 || (kind == INDICES && view->itemsize == 4));
    if (view->ndim != 1 || !ok) {
        static const char *wanted[] = {"32- or 64-bit integers", "64-bit integers", "uint32 counts",
                                       "64-bit integers"};
        PyErr_Format(PyExc_ValueError, "%s must be a 1-d array of %s", what, wanted[kind]);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* One row's cells added to the counts of one identity. The cells were
 * checked by the pass that counted C(y), and are checked again as they are
 * read again (a predicted branch: no measurable cost). */
#define ADD_ROW(T)                                                                            \
    static inline int add_row_##T(const T *cols, int64_t lo, int64_t hi, uint64_t num_labels,  \
                                  uint32_t *out) {                                            \
        for (int64_t c = lo; c < hi; c++) {                                                   \
            uint64_t y = (uint64_t)(int64_t)cols[c];                                          \
            if (y >= num_labels) {                                                            \
                return LABEL_OUT_OF_RANGE;                                                    \
            }                                                                                 \
            out[y]++;                                                                         \
        }                                                                                     \
        return OK;                                                                            \
    }

/* The offsets were checked before counting (check_offsets); still, a row
 * starts where the previous one ended, as checked, and its end is checked to
 * lie between that and the cells, so that no index comes from an unchecked
 * read. */

/* Identities are labels: a row's identities are found among its own cells
 * (at most k: `held` has room for k slots). */
#define COUNT_LABELS(T)                                                                        \
    static int count_labels_##T(const int64_t *indptr, int64_t n, const T *cols, int64_t cells, \
                                const int64_t *slot_of_label, const uint8_t *is_identity,      \
                                int64_t num_labels, int64_t k, int64_t *held,                  \
                                uint32_t *label_counts, uint32_t *cooccurrence) {              \
        const uint64_t labels = (uint64_t)num_labels;                                          \
        int64_t lo = 0;                                                                        \
        for (int64_t r = 0; r < n; r++) {                                                      \
            int64_t hi = indptr[r + 1], found = 0;                                             \
            if (hi < lo || hi > cells) {                                                       \
                return ROWS_CHANGED;                                                           \
            }                                                                                  \
            for (int64_t c = lo; c < hi; c++) {                                                \
                uint64_t y = (uint64_t)(int64_t)cols[c];                                       \
                if (y >= labels) {                                                             \
                    return LABEL_OUT_OF_RANGE;                                                 \
                }                                                                              \
                label_counts[y]++;                                                             \
                if (is_identity[y]) {                                                          \
                    if (found == k) {                                                          \
                        return TOO_MANY_IDENTITIES;                                            \
                    }                                                                          \
                    held[found++] = slot_of_label[y];                                          \
                }                                                                              \
            }                                                                                  \
            for (int64_t i = 0; i < found; i++) {                                              \
                /* checked here, out of the loop over the cells */                             \
                if ((uint64_t)held[i] >= (uint64_t)k) {                                        \
                    return SLOT_OUT_OF_RANGE;                                                  \
                }                                                                              \
                int status = add_row_##T(cols, lo, hi, labels, cooccurrence + held[i] * num_labels); \
                if (status != OK) {                                                            \
                    return status;                                                             \
                }                                                                              \
            }                                                                                  \
            lo = hi;                                                                           \
        }                                                                                      \
        return OK;                                                                             \
    }

/* Identities are given per row (attribute columns), as slot lists. A row's
 * first identity is counted in the same pass as C(y): usually it has one. */
#define COUNT_ATTRIBUTES(T)                                                                        \
    static int count_attributes_##T(const int64_t *indptr, int64_t n, const T *cols, int64_t cells, \
                                    const int64_t *slot_indptr, const int64_t *slots,              \
                                    int64_t num_slots, int64_t num_labels, int64_t k,              \
                                    uint32_t *label_counts, uint32_t *cooccurrence) {              \
        const uint64_t labels = (uint64_t)num_labels;                                              \
        int64_t lo = 0, first = 0;                                                                 \
        for (int64_t r = 0; r < n; r++) {                                                          \
            int64_t hi = indptr[r + 1], last = slot_indptr[r + 1];                                 \
            if (hi < lo || hi > cells || last < first || last > num_slots) {                       \
                return ROWS_CHANGED;                                                               \
            }                                                                                      \
            int status = OK;                                                                       \
            if (first == last) {                                                                   \
                status = add_row_##T(cols, lo, hi, labels, label_counts);                          \
            } else {                                                                               \
                int64_t slot = slots[first];                                                       \
                if ((uint64_t)slot >= (uint64_t)k) {                                               \
                    return SLOT_OUT_OF_RANGE;                                                      \
                }                                                                                  \
                uint32_t *both = cooccurrence + slot * num_labels;                                 \
                for (int64_t c = lo; c < hi; c++) {                                                \
                    uint64_t y = (uint64_t)(int64_t)cols[c];                                       \
                    if (y >= labels) {                                                             \
                        return LABEL_OUT_OF_RANGE;                                                 \
                    }                                                                              \
                    label_counts[y]++;                                                             \
                    both[y]++;                                                                     \
                }                                                                                  \
                for (int64_t i = first + 1; i < last && status == OK; i++) {                       \
                    slot = slots[i];                                                               \
                    if ((uint64_t)slot >= (uint64_t)k) {                                           \
                        return SLOT_OUT_OF_RANGE;                                                  \
                    }                                                                              \
                    status = add_row_##T(cols, lo, hi, labels, cooccurrence + slot * num_labels);  \
                }                                                                                  \
            }                                                                                      \
            if (status != OK) {                                                                    \
                return status;                                                                     \
            }                                                                                      \
            lo = hi;                                                                               \
            first = last;                                                                          \
        }                                                                                          \
        return OK;                                                                                 \
    }

ADD_ROW(int32_t)
ADD_ROW(int64_t)
COUNT_LABELS(int32_t)
COUNT_LABELS(int64_t)
COUNT_ATTRIBUTES(int32_t)
COUNT_ATTRIBUTES(int64_t)

static PyObject *raise_for(int status) {
    static const char *messages[] = {
        NULL,
        "a positive's label index is outside the label vector",
        "an identity slot is outside the identities",
        "a row holds more identity labels than there are identities (labels must be unique within a row)",
        "the row offsets changed while they were counted",
    };
    PyErr_SetString(PyExc_ValueError, messages[status]);
    return NULL;
}

/* Releases the first `got` views; None on success, else NULL with the error set. */
static PyObject *finish(Py_buffer *views, int got, int status) {
    for (int i = 0; i < got; i++) {
        PyBuffer_Release(&views[i]);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (status != OK) {
        return raise_for(status);
    }
    Py_RETURN_NONE;
}

/* Row offsets that start at 0, never decrease and end at `cells`: every row's
 * cells are within the cells. Checked before counting, so that a row is never
 * read past them; 0 or -1 with the error set. */
static int check_offsets(const int64_t *offsets, int64_t n, int64_t cells, const char *ends_message,
                         const char *what) {
    if (offsets[0] != 0 || offsets[n] != cells) {
        PyErr_SetString(PyExc_ValueError, ends_message);
        return -1;
    }
    int decreasing = 0;
    for (int64_t r = 0; r < n; r++) { /* no early exit: the compiler vectorizes it */
        decreasing |= offsets[r + 1] < offsets[r];
    }
    if (decreasing) {
        int64_t r = 0;
        while (offsets[r + 1] >= offsets[r]) {
            r++;
        }
        PyErr_Format(PyExc_ValueError, "%s: row offsets must not decrease (row %lld: %lld to %lld)", what,
                     (long long)r, (long long)offsets[r], (long long)offsets[r + 1]);
        return -1;
    }
    return 0;
}

/* Checks shared by both entry points; returns n (rows) or -1. */
static int64_t check_shapes(Py_buffer *indptr, Py_buffer *cols, Py_buffer *label_counts,
                            Py_buffer *cooccurrence, int64_t num_labels, int64_t k) {
    if (num_labels < 0 || k < 0) {
        PyErr_Format(PyExc_ValueError, "%s must not be negative (got %lld)", num_labels < 0 ? "num_labels" : "k",
                     (long long)(num_labels < 0 ? num_labels : k));
        return -1;
    }
    if (num_labels > 0 && k > PY_SSIZE_T_MAX / num_labels) {
        PyErr_Format(PyExc_OverflowError, "k * num_labels overflows (k = %lld, num_labels = %lld)", (long long)k,
                     (long long)num_labels);
        return -1;
    }
    int64_t n = indptr->shape[0] - 1;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "indptr must start at 0 and end at the number of cells");
        return -1;
    }
    if (n > (int64_t)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "a batch counted at once must have fewer than 2**32 rows");
        return -1;
    }
    if (label_counts->shape[0] != num_labels || cooccurrence->shape[0] != k * num_labels) {
        PyErr_SetString(PyExc_ValueError, "the outputs must hold num_labels and k * num_labels counts");
        return -1;
    }
    if (check_offsets(indptr->buf, n, cols->shape[0], "indptr must start at 0 and end at the number of cells",
                      "indptr") < 0) {
        return -1;
    }
    return n;
}

PyDoc_STRVAR(label_identities_doc,
             "label_identities(indptr, cols, slot_of_label, k, label_counts, cooccurrence)\n\n"
             "Add a CSR batch's C(y) to label_counts and C(x, y) to cooccurrence\n"
             "(k * num_labels, identity-major), where slot_of_label[y] is the identity\n"
             "slot of label y or -1.");

static PyObject *label_identities(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *objects[5];
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "OOOnOO", &objects[0], &objects[1], &objects[2], &k, &objects[3], &objects[4])) {
        return NULL;
    }
    Py_buffer views[5];
    static const char *names[] = {"indptr", "cols", "slot_of_label", "label_counts", "cooccurrence"};
    int got = 0, status = OK;
    for (; got < 5; got++) {
        if (get_ints(objects[got], &views[got], got >= 3 ? COUNTS : got == 1 ? INDICES : WIDE, names[got]) < 0) {
            goto done;
        }
    }
    int64_t num_labels = views[2].shape[0];
    int64_t n = check_shapes(&views[0], &views[1], &views[3], &views[4], num_labels, k);
    if (n < 0) {
        goto done;
    }
    /* a byte per label stays in the first-level cache where the slots would not.
     * Without labels no cell is counted, and no slot held: k may be any size. */
    int64_t *held = PyMem_New(int64_t, num_labels > 0 && k > 0 ? k : 1);
    uint8_t *is_identity = PyMem_Malloc(num_labels > 0 ? num_labels : 1);
    if (held == NULL || is_identity == NULL) {
        PyMem_Free(held);
        PyMem_Free(is_identity);
        PyErr_NoMemory();
        goto done;
    }
    const int64_t *slot_of_label = views[2].buf;
    for (int64_t y = 0; y < num_labels; y++) {
        if (slot_of_label[y] >= k) {
            PyMem_Free(held);
            PyMem_Free(is_identity);
            raise_for(SLOT_OUT_OF_RANGE);
            goto done;
        }
        is_identity[y] = slot_of_label[y] >= 0;
    }
    int64_t cells = views[1].shape[0];
    Py_BEGIN_ALLOW_THREADS
    if (views[1].itemsize == 4) {
        status = count_labels_int32_t(views[0].buf, n, views[1].buf, cells, slot_of_label, is_identity, num_labels, k,
                                      held, views[3].buf, views[4].buf);
    } else {
        status = count_labels_int64_t(views[0].buf, n, views[1].buf, cells, slot_of_label, is_identity, num_labels, k,
                                      held, views[3].buf, views[4].buf);
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(held);
    PyMem_Free(is_identity);
done:
    return finish(views, got, status);
}

PyDoc_STRVAR(attribute_identities_doc,
             "attribute_identities(indptr, cols, slot_indptr, slots, num_labels, label_counts, cooccurrence)\n\n"
             "Add a CSR batch's C(y) to label_counts and C(x, y) to cooccurrence\n"
             "(k * num_labels, identity-major), where row r holds the identity slots\n"
             "slots[slot_indptr[r]:slot_indptr[r + 1]].");

static PyObject *attribute_identities(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *objects[6];
    Py_ssize_t num_labels;
    if (!PyArg_ParseTuple(args, "OOOOnOO", &objects[0], &objects[1], &objects[2], &objects[3], &num_labels,
                          &objects[4], &objects[5])) {
        return NULL;
    }
    Py_buffer views[6];
    static const char *names[] = {"indptr", "cols", "slot_indptr", "slots", "label_counts", "cooccurrence"};
    int got = 0, status = OK;
    for (; got < 6; got++) {
        if (get_ints(objects[got], &views[got], got >= 4 ? COUNTS : got == 1 ? INDICES : WIDE, names[got]) < 0) {
            goto done;
        }
    }
    int64_t k = num_labels > 0 ? views[5].shape[0] / num_labels : 0;
    int64_t n = check_shapes(&views[0], &views[1], &views[4], &views[5], num_labels, k);
    if (n < 0) {
        goto done;
    }
    const int64_t *slot_offsets = views[2].buf;
    static const char slot_ends[] = "slot_indptr must have one offset per row plus one, from 0 to len(slots)";
    if (views[2].shape[0] != n + 1) {
        PyErr_SetString(PyExc_ValueError, slot_ends);
        goto done;
    }
    if (check_offsets(slot_offsets, n, views[3].shape[0], slot_ends, "slot_indptr") < 0) {
        goto done;
    }
    int64_t cells = views[1].shape[0], num_slots = views[3].shape[0];
    Py_BEGIN_ALLOW_THREADS
    if (views[1].itemsize == 4) {
        status = count_attributes_int32_t(views[0].buf, n, views[1].buf, cells, slot_offsets, views[3].buf, num_slots,
                                          num_labels, k, views[4].buf, views[5].buf);
    } else {
        status = count_attributes_int64_t(views[0].buf, n, views[1].buf, cells, slot_offsets, views[3].buf, num_slots,
                                          num_labels, k, views[4].buf, views[5].buf);
    }
    Py_END_ALLOW_THREADS
done:
    return finish(views, got, status);
}

/* Each row's first cell of each label, kept in place (cells move only to
 * lower positions); negative labels (names that are no label) dropped.
 * Returns the cells kept, or LABEL_OUT_OF_RANGE / ROWS_CHANGED negated.
 * `last_row[y]` is the last row that kept label y. */
static int64_t keep_once(int64_t *indptr, int64_t n, int64_t *cols, int64_t cells, int64_t num_labels,
                         int64_t *last_row) {
    int64_t lo = 0, kept = 0;
    for (int64_t r = 0; r < n; r++) {
        int64_t hi = indptr[r + 1];
        if (hi < lo || hi > cells) {
            return -ROWS_CHANGED;
        }
        for (int64_t c = lo; c < hi; c++) {
            int64_t y = cols[c];
            if (y < 0) {
                continue;
            }
            if (y >= num_labels) {
                return -LABEL_OUT_OF_RANGE;
            }
            if (last_row[y] != r) {
                last_row[y] = r;
                cols[kept++] = y; /* kept <= c < cells */
            }
        }
        indptr[r + 1] = kept;
        lo = hi;
    }
    return kept;
}

PyDoc_STRVAR(once_per_row_doc,
             "once_per_row(indptr, cols, num_labels) -> kept\n\n"
             "Rewrite a CSR batch in place so that each row holds each label once\n"
             "(its first cell) and no negative label: the row offsets become those\n"
             "of cols[:kept]. On an error both arrays are left partly rewritten.");

static PyObject *once_per_row(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *objects[2];
    Py_ssize_t num_labels;
    if (!PyArg_ParseTuple(args, "OOn", &objects[0], &objects[1], &num_labels)) {
        return NULL;
    }
    Py_buffer views[2];
    static const char *names[] = {"indptr", "cols"};
    int got = 0;
    int64_t kept = 0;
    for (; got < 2; got++) {
        if (get_ints(objects[got], &views[got], EDITED, names[got]) < 0) {
            goto done;
        }
    }
    if (num_labels < 0) {
        PyErr_Format(PyExc_ValueError, "num_labels must not be negative (got %lld)", (long long)num_labels);
        goto done;
    }
    int64_t n = views[0].shape[0] - 1, cells = views[1].shape[0];
    static const char ends[] = "indptr must start at 0 and end at the number of cells";
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, ends);
        goto done;
    }
    if (check_offsets(views[0].buf, n, cells, ends, "indptr") < 0) {
        goto done;
    }
    int64_t *last_row = PyMem_New(int64_t, num_labels > 0 ? num_labels : 1);
    if (last_row == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int64_t y = 0; y < num_labels; y++) {
        last_row[y] = -1;
    }
    Py_BEGIN_ALLOW_THREADS
    kept = keep_once(views[0].buf, n, views[1].buf, cells, num_labels, last_row);
    Py_END_ALLOW_THREADS
    PyMem_Free(last_row);
done:
    for (int i = 0; i < got; i++) {
        PyBuffer_Release(&views[i]);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (kept < 0) {
        return raise_for((int)-kept);
    }
    return PyLong_FromLongLong((long long)kept);
}

static PyMethodDef methods[] = {
    {"label_identities", label_identities, METH_VARARGS, label_identities_doc},
    {"attribute_identities", attribute_identities, METH_VARARGS, attribute_identities_doc},
    {"once_per_row", once_per_row, METH_VARARGS, once_per_row_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_counting_kernel",
    .m_doc = "Compiled counting of co-occurrences (optional).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__counting_kernel(void) { return PyModule_Create(&module); }
