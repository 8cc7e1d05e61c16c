/*
 * C(y) and C(x, y) of one batch of positives in one pass over the rows;
 * (once_per_row) each row's labels made unique, for token lists; and the
 * bottom-k sample of example ids per cell (sampling.py), further down:
 * hashing the ids, the rows by hash, and either counting and sampling in
 * one pass (count_sample, then merge_candidates) or, for a batch that
 * repeats an id, sampling in a pass of its own (sample_rows).
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

/* The scratch of a counting pass: `held`, room for `held_room` slots of one row, and, given `slot_of_label`,
 * `is_identity`, a byte per label (it stays in the first-level cache where the slots would not). Returns -1
 * after PyErr_NoMemory (nothing left to free), else how many labels name a slot not below `slots`. */
static int64_t label_scratch(const int64_t *slot_of_label, int64_t num_labels, int64_t slots, int64_t held_room,
                             int64_t **held, uint8_t **is_identity) {
    *held = PyMem_New(int64_t, held_room > 0 ? held_room : 1);
    *is_identity = slot_of_label != NULL ? PyMem_Malloc(num_labels > 0 ? num_labels : 1) : NULL;
    if (*held == NULL || (slot_of_label != NULL && *is_identity == NULL)) {
        PyMem_Free(*held);
        PyMem_Free(*is_identity);
        PyErr_NoMemory();
        return -1;
    }
    int64_t outside = 0;
    for (int64_t y = 0; slot_of_label != NULL && y < num_labels; y++) {
        outside += slot_of_label[y] >= slots;
        (*is_identity)[y] = slot_of_label[y] >= 0;
    }
    return outside;
}

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
    /* Without labels no cell is counted, and no slot held: k may be any size. */
    const int64_t *slot_of_label = views[2].buf;
    int64_t *held;
    uint8_t *is_identity;
    int64_t outside = label_scratch(slot_of_label, num_labels, k, num_labels > 0 ? k : 1, &held, &is_identity);
    if (outside != 0) {
        if (outside > 0) {
            PyMem_Free(held);
            PyMem_Free(is_identity);
            raise_for(SLOT_OUT_OF_RANGE);
        }
        goto done;
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

/* ---- The sample of examples per cell (sampling.py) ----
 *
 * Ids are hashed here from their UTF-8 bytes (the hash sampling.id_hashes
 * documents), and each cell's bottom-k of those hashes is kept up to date
 * in place: a cell's sample is a row of per_cell ascending hashes, empty
 * places EMPTY, and bound[cell] is its last place (EMPTY until it is full).
 * A hash enters a cell only if it is at most the bound; visiting a batch's
 * rows in increasing hash order, each cell takes at most per_cell hashes
 * per batch. The order only saves work: any order keeps the same sample. */

#define EMPTY_HASH UINT64_MAX
#define SEED 0x9E3779B97F4A7C15ULL
#define MAX_ID_BYTES 256

static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

/* The bytes b[0:m] zero-padded to little-endian 8-byte words, mixed in turn. */
static uint64_t hash_bytes(const char *b, Py_ssize_t m) {
    uint64_t h = mix64(SEED ^ (uint64_t)m);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (m >= 8) { /* little-endian words are the bytes as they lie; the last, read so that it ends at m */
        Py_ssize_t i = 0;
        uint64_t w;
        for (; i + 8 <= m; i += 8) {
            memcpy(&w, b + i, 8);
            h = mix64(h ^ w);
        }
        if (i < m) {
            memcpy(&w, b + m - 8, 8);
            h = mix64(h ^ (w >> (8 * (8 - (m - i)))));
        }
        return h == EMPTY_HASH ? EMPTY_HASH - 1 : h;
    }
#endif
    for (Py_ssize_t i = 0; i < m; i += 8) {
        uint64_t w = 0;
        Py_ssize_t take = m - i < 8 ? m - i : 8;
        for (Py_ssize_t j = 0; j < take; j++) { /* byte by byte: the same words on every byte order */
            w |= (uint64_t)(unsigned char)b[i + j] << (8 * j);
        }
        h = mix64(h ^ w);
    }
    return h == EMPTY_HASH ? EMPTY_HASH - 1 : h;
}

/* A 1-d or 2-d C-contiguous buffer whose format is one of `formats`, of
 * `itemsize` bytes; 0 or -1 with the error set. */
static int get_typed(PyObject *obj, Py_buffer *view, const char *formats, Py_ssize_t itemsize, int ndim, int writable,
                     const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@') {
        format++;
    }
    if (view->ndim != ndim || format[0] == '\0' || format[1] != '\0' || strchr(formats, format[0]) == NULL ||
        view->itemsize != itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must be a %d-d array of %zd-byte items of format %s", what, ndim,
                     itemsize, formats);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

enum { ID_OK = -1, ID_NOT_STRING = 0, ID_EMPTY, ID_NUL, ID_TOO_LONG };

PyDoc_STRVAR(hash_ids_doc,
             "hash_ids(ids, out) -> (problem, index)\n\n"
             "Write the hash of each str of the list or tuple ids into out (uint64);\n"
             "problem is -1, or at ids[index]: 0 not a str, 1 empty, 2 a NUL, 3 too long.");

static PyObject *hash_ids(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *ids, *out;
    if (!PyArg_ParseTuple(args, "OO", &ids, &out)) {
        return NULL;
    }
    if (!PyList_Check(ids) && !PyTuple_Check(ids)) {
        PyErr_SetString(PyExc_TypeError, "ids must be a list or a tuple");
        return NULL;
    }
    Py_buffer view;
    if (get_typed(out, &view, "LQ", 8, 1, 1, "out") < 0) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ids), problem = ID_OK, i = 0;
    if (view.shape[0] != n) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "out must hold one hash per id");
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(ids);
    uint64_t *hashes = view.buf;
    for (; i < n; i++) {
        PyObject *item = items[i];
        if (!PyUnicode_Check(item)) {
            problem = ID_NOT_STRING;
            break;
        }
        Py_ssize_t m;
        const char *bytes = PyUnicode_AsUTF8AndSize(item, &m); /* ASCII: the string's own buffer */
        if (bytes == NULL) {
            PyBuffer_Release(&view);
            return NULL;
        }
        if (m == 0 || m > MAX_ID_BYTES || memchr(bytes, 0, (size_t)m) != NULL) {
            problem = m == 0 ? ID_EMPTY : m > MAX_ID_BYTES ? ID_TOO_LONG : ID_NUL;
            break;
        }
        hashes[i] = hash_bytes(bytes, m);
    }
    PyBuffer_Release(&view);
    return Py_BuildValue("nn", problem, problem == ID_OK ? (Py_ssize_t)0 : i);
}

PyDoc_STRVAR(hash_integer_ids_doc,
             "hash_integer_ids(values, out, unsigned)\n\n"
             "Write the hash of the decimal text of each 64-bit integer into out.");

static PyObject *hash_integer_ids(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *objects[2];
    int is_unsigned;
    if (!PyArg_ParseTuple(args, "OOp", &objects[0], &objects[1], &is_unsigned)) {
        return NULL;
    }
    Py_buffer views[2];
    if (get_typed(objects[0], &views[0], is_unsigned ? "LQ" : "lq", 8, 1, 0, "values") < 0) {
        return NULL;
    }
    if (get_typed(objects[1], &views[1], "LQ", 8, 1, 1, "out") < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    if (views[0].shape[0] != views[1].shape[0]) {
        PyErr_SetString(PyExc_ValueError, "out must hold one hash per value");
    } else {
        const uint64_t *values = views[0].buf;
        uint64_t *hashes = views[1].buf;
        Py_ssize_t n = views[0].shape[0];
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < n; i++) {
            char text[24], *end = text + sizeof text, *p = end;
            uint64_t v = values[i];
            int negative = !is_unsigned && (int64_t)v < 0;
            uint64_t magnitude = negative ? 0 - v : v; /* exact for INT64_MIN too */
            do {
                *--p = (char)('0' + magnitude % 10);
                magnitude /= 10;
            } while (magnitude);
            if (negative) {
                *--p = '-';
            }
            hashes[i] = hash_bytes(p, end - p);
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&views[0]);
    PyBuffer_Release(&views[1]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(hash_order_doc,
             "hash_order(hashes, order)\n\n"
             "Write into order (int64) the rows by hash, ascending (a counting sort\n"
             "on the top log2(n) bits, then insertion).");

static PyObject *hash_order(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *objects[2];
    if (!PyArg_ParseTuple(args, "OO", &objects[0], &objects[1])) {
        return NULL;
    }
    Py_buffer views[2];
    if (get_typed(objects[0], &views[0], "LQ", 8, 1, 0, "hashes") < 0) {
        return NULL;
    }
    if (get_typed(objects[1], &views[1], "lq", 8, 1, 1, "order") < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    Py_ssize_t n = views[0].shape[0];
    int bits = 1;
    while (bits < 20 && ((Py_ssize_t)1 << bits) < n) {
        bits++;
    }
    int64_t *starts = views[1].shape[0] == n ? PyMem_Calloc(((size_t)1 << bits) + 1, sizeof(int64_t)) : NULL;
    if (starts == NULL) {
        if (views[1].shape[0] != n) {
            PyErr_SetString(PyExc_ValueError, "order must hold one row per hash");
        } else {
            PyErr_NoMemory();
        }
    } else {
        const uint64_t *hashes = views[0].buf;
        int64_t *order = views[1].buf;
        int shift = 64 - bits;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < n; i++) {
            starts[(hashes[i] >> shift) + 1]++;
        }
        for (size_t b = 0; b < ((size_t)1 << bits); b++) {
            starts[b + 1] += starts[b];
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            /* a bucket's place is below n: its count was taken from these hashes, unless they changed meanwhile */
            int64_t at = starts[hashes[i] >> shift]++;
            if (at < n) {
                order[at] = i;
            }
        }
        /* Buckets hold about one row each: sorting by insertion finishes in about n steps. */
        for (Py_ssize_t i = 1; i < n; i++) {
            int64_t row = order[i];
            if ((uint64_t)row >= (uint64_t)n) {
                break;
            }
            uint64_t h = hashes[row];
            Py_ssize_t j = i;
            while (j > 0 && (uint64_t)order[j - 1] < (uint64_t)n && hashes[order[j - 1]] > h) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = row;
        }
        Py_END_ALLOW_THREADS
        PyMem_Free(starts);
    }
    PyBuffer_Release(&views[0]);
    PyBuffer_Release(&views[1]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)0)
#endif
#define PREFETCH_AHEAD 16

/* Rows are visited in hash order, not stored order: ask for the row offsets PREFETCH_AHEAD visits
 * ahead and for the row's first columns half as far ahead (once its offset has arrived). `order[at]`
 * is the row visited at `at` of `end`; a row index not below `rows` is left for the visit to refuse. */
#define PREFETCH_ROWS_AHEAD(indptr, cols, cells, order, at, end, rows)                                     \
    do {                                                                                                  \
        if ((at) + PREFETCH_AHEAD < (end) && (uint64_t)(order)[(at) + PREFETCH_AHEAD] < (uint64_t)(rows)) { \
            PREFETCH((indptr) + (order)[(at) + PREFETCH_AHEAD]);                                          \
        }                                                                                                 \
        if ((at) + PREFETCH_AHEAD / 2 < (end) &&                                                          \
            (uint64_t)(order)[(at) + PREFETCH_AHEAD / 2] < (uint64_t)(rows)) {                            \
            uint64_t first_ = (uint64_t)(indptr)[(order)[(at) + PREFETCH_AHEAD / 2]];                     \
            if (first_ < (uint64_t)(cells)) {                                                             \
                PREFETCH((cols) + first_);                                                                \
                PREFETCH((const char *)((cols) + first_) + 64);                                           \
            }                                                                                             \
        }                                                                                                 \
    } while (0)
/* Rows are copied in hash order into a buffer of this many cells (or one
 * row, if longer) and of at most CHUNK_ROWS rows, then visited from it. */
#define CHUNK_CELLS (1 << 15)
#define CHUNK_ROWS 4096

/* What sample_rows works on: the sample of one threshold and a batch. */
struct sampler {
    int32_t *index;    /* per cell: its row of the store, or -1 */
    uint64_t *bound;   /* per cell: its last place */
    uint64_t *store;   /* rows of per_cell hashes */
    int64_t *keys;     /* per row: its cell */
    int64_t num_cells, per_cell, capacity, size;
    uint8_t *marked;   /* per batch row: it entered a cell (or was there already) */
    int64_t fresh_from; /* rows from here on were made by this batch: their hashes came in order */
    uint16_t *fills;   /* per row: places filled (rows made by this batch), else hashes waiting */
    int64_t fills_len;
    struct waiting *waiting; /* hashes for rows made before this batch, merged in at the end */
    int64_t num_waiting, room;
};

/* A hash waiting to be merged into an earlier batch's row of the store. */
struct waiting {
    uint64_t h;
    int64_t at;
};

enum { SAMPLE_OK = 0, SAMPLE_FULL = 1, SAMPLE_BAD_INDEX = 2, SAMPLE_NO_MEMORY = 3 };


/* The first place of row[0:k] (ascending) holding h or more, and the first
 * empty place at or past it. Short rows are counted without branches. */
static inline void find_place(const uint64_t *row, int64_t k, uint64_t h, int64_t *place, int64_t *filled) {
    if (k <= 32) {
        int64_t below = 0, used = 0;
        for (int64_t j = 0; j < k; j++) {
            below += row[j] < h;
            used += row[j] != EMPTY_HASH;
        }
        *place = below;
        *filled = used > below ? used : below;
        return;
    }
    int64_t lo = 0, hi = k;
    while (lo < hi) {
        int64_t mid = (lo + hi) >> 1;
        if (row[mid] < h) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    *place = lo;
    hi = k;
    while (lo < hi) {
        int64_t mid = (lo + hi) >> 1;
        if (row[mid] != EMPTY_HASH) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    *filled = lo;
}

/* One visit of batch row r (hash h) to a cell; SAMPLE_FULL when a new cell
 * finds no free row. `in_order`: h is above every hash visited before, so
 * in a row this batch made it goes last, without reading the row (which is
 * likely out of the cache). */
static inline int visit(struct sampler *s, int64_t cell, uint64_t h, int64_t r, int in_order) {
    if (h > s->bound[cell]) {
        return SAMPLE_OK;
    }
    const int64_t k = s->per_cell;
    int32_t at = s->index[cell];
    uint64_t *row;
    if (at < 0) {
        if (s->size >= s->capacity || s->size >= s->fills_len) {
            return SAMPLE_FULL;
        }
        at = (int32_t)s->size++;
        s->index[cell] = at;
        s->keys[at] = cell;
        s->fills[at] = 1;
        row = s->store + (int64_t)at * k;
        row[0] = h;
        for (int64_t j = 1; j < k; j++) {
            row[j] = EMPTY_HASH;
        }
        s->bound[cell] = k == 1 ? h : EMPTY_HASH;
        s->marked[r] = 1;
        return SAMPLE_OK;
    }
    if ((int64_t)at >= s->size || at < 0) {
        return SAMPLE_BAD_INDEX;
    }
    if ((int64_t)at >= s->fills_len) {
        return SAMPLE_BAD_INDEX;
    }
    if (in_order && at < s->fresh_from) { /* an earlier row: the batch's first k wait to be merged */
        if (s->fills[at] >= k) {
            return SAMPLE_OK;
        }
        if (s->num_waiting == s->room) {
            int64_t room = s->room ? 2 * s->room : 4096;
            struct waiting *more = PyMem_RawRealloc(s->waiting, (size_t)room * sizeof(struct waiting));
            if (more == NULL) {
                return SAMPLE_NO_MEMORY;
            }
            s->waiting = more;
            s->room = room;
        }
        s->waiting[s->num_waiting].h = h;
        s->waiting[s->num_waiting++].at = at;
        s->fills[at]++;
        s->marked[r] = 1;
        return SAMPLE_OK;
    }
    row = s->store + (int64_t)at * k;
    uint16_t *fill = at >= s->fresh_from ? s->fills + at : NULL;
    if (fill != NULL && in_order && *fill < k) { /* the usual case: a new last place */
        row[*fill] = h;
        if (++*fill == k) {
            s->bound[cell] = h;
        }
        s->marked[r] = 1;
        return SAMPLE_OK;
    }
    int64_t place, filled;
    find_place(row, k, h, &place, &filled);
    if (place == k) { /* above a stale bound: nothing to do */
        s->bound[cell] = row[k - 1];
        return SAMPLE_OK;
    }
    if (row[place] != h) { /* not there yet: it takes its place, the last place leaves */
        for (int64_t j = filled < k ? filled : k - 1; j > place; j--) {
            row[j] = row[j - 1];
        }
        row[place] = h;
        if (fill != NULL) {
            *fill = (uint16_t)(filled < k ? filled + 1 : k);
        }
    }
    s->bound[cell] = row[k - 1];
    s->marked[r] = 1;
    return SAMPLE_OK;
}

/* h put in its place in row[0:k] (ascending, EMPTY past the filled
 * places) unless it is there already or above the last; the last leaves. */
static inline void insert_hash(uint64_t *row, int64_t k, uint64_t h) {
    int64_t place, filled;
    find_place(row, k, h, &place, &filled);
    if (place < k && row[place] != h) {
        for (int64_t j = filled < k ? filled : k - 1; j > place; j--) {
            row[j] = row[j - 1];
        }
        row[place] = h;
    }
}

/* The waiting hashes put into their rows: placed row by row (a counting
 * sort on the row, whose counts are in fills: each row's hashes stay
 * ascending), then each row read once and its hashes inserted. */
static int merge_waiting(struct sampler *s) {
    int64_t m = s->num_waiting, k = s->per_cell, rows = s->fresh_from;
    if (m == 0) {
        return SAMPLE_OK;
    }
    struct waiting *sorted = PyMem_RawMalloc((size_t)m * sizeof(struct waiting));
    int64_t *starts = PyMem_RawMalloc((size_t)(rows + 1) * sizeof(int64_t));
    int status = sorted && starts ? SAMPLE_OK : SAMPLE_NO_MEMORY;
    if (status == SAMPLE_OK) {
        int64_t total = 0;
        for (int64_t at = 0; at < rows; at++) { /* rows fresh_from: wait for nothing */
            starts[at] = total;
            total += s->fills[at];
        }
        starts[rows] = total;
        if (total != m) {
            status = SAMPLE_BAD_INDEX; /* fills changed under us */
        }
    }
    for (int64_t i = 0; status == SAMPLE_OK && i < m; i++) {
        int64_t at = s->waiting[i].at;
        if (at < 0 || at >= rows || starts[at] >= m) {
            status = SAMPLE_BAD_INDEX;
            break;
        }
        sorted[starts[at]++] = s->waiting[i];
    }
    /* starts[at] is now where row at's hashes end */
    for (int64_t i = 0; status == SAMPLE_OK && i < m;) {
        int64_t at = sorted[i].at, end = starts[at];
        if (at < 0 || at >= s->size || s->keys[at] < 0 || s->keys[at] >= s->num_cells || end > m || end <= i) {
            status = SAMPLE_BAD_INDEX;
            break;
        }
        uint64_t *row = s->store + at * k;
        for (; i < end; i++) {
            insert_hash(row, k, sorted[i].h);
        }
        s->bound[s->keys[at]] = row[k - 1];
        s->fills[at] = 0;
    }
    s->num_waiting = 0;
    PyMem_RawFree(sorted);
    PyMem_RawFree(starts);
    return status;
}

/* Rows i0..i1-1 (places in hash order) visit their cells, their own cells
 * cols[offsets[i - i0]:offsets[i - i0 + 1]] (copied by sample_rows): slot
 * num_slots (the label on its own) and each identity slot they hold, from
 * is_identity/slot_of_label (identity labels) or from slot_indptr/slots,
 * indexed by the row's place in the batch, rows[i - i0] (as marked is). `seen`
 * is the largest hash visited so far. Returns the status and sets *stopped
 * to the place of the row that found the store full. */
#define VISIT_ROWS(T)                                                                                             \
    static int visit_rows_##T(struct sampler *s, const int64_t *offsets, int64_t i0, int64_t i1, const T *cols,    \
                              const uint64_t *hashes, const int64_t *rows, int64_t start, uint64_t *seen,          \
                              int64_t *stopped, const int64_t *slot_of_label, const int64_t *slot_indptr,          \
                              const int64_t *slots, int64_t num_slot_cells, int64_t num_slots,                     \
                              int64_t num_labels, int64_t *held, const uint8_t *is_identity) {                    \
        const uint64_t labels = (uint64_t)num_labels;                                                             \
        const int64_t alone = num_slots * num_labels;                                                             \
        for (int64_t i = i0; i < i1; i++) {                                                                       \
            int64_t r = rows[i - i0], lo = offsets[i - i0], hi = offsets[i - i0 + 1], found = 0;                  \
            uint64_t h = hashes[i];                                                                               \
            /* after a restart, row start was partly visited: its hash may be in a row already */                  \
            int in_order = (i > start || start == 0) && (i == 0 || h > *seen);                                    \
            *seen = h > *seen ? h : *seen;                                                                        \
            for (int64_t c = lo; c < hi; c++) {                                                                   \
                uint64_t y = (uint64_t)(int64_t)cols[c];                                                          \
                if (y >= labels) {                                                                                \
                    return SAMPLE_BAD_INDEX;                                                                      \
                }                                                                                                 \
                if (is_identity != NULL && is_identity[y] && found < num_slots) {                                 \
                    held[found++] = slot_of_label[y];                                                             \
                }                                                                                                 \
                int status = visit(s, alone + (int64_t)y, h, r, in_order);                                        \
                if (status != SAMPLE_OK) {                                                                        \
                    *stopped = i;                                                                                 \
                    return status;                                                                                \
                }                                                                                                 \
            }                                                                                                     \
            const int64_t *row_slots = held;                                                                      \
            if (is_identity == NULL) {                                                                            \
                int64_t first = slot_indptr[r], last = slot_indptr[r + 1];                                        \
                if (first < 0 || last < first || last > num_slot_cells) {                                         \
                    return SAMPLE_BAD_INDEX;                                                                      \
                }                                                                                                 \
                row_slots = slots + first;                                                                        \
                found = last - first;                                                                             \
            }                                                                                                     \
            for (int64_t j = 0; j < found; j++) {                                                                 \
                int64_t slot = row_slots[j];                                                                      \
                if ((uint64_t)slot >= (uint64_t)num_slots) {                                                      \
                    return SAMPLE_BAD_INDEX;                                                                      \
                }                                                                                                 \
                for (int64_t c = lo; c < hi; c++) {                                                               \
                    uint64_t y = (uint64_t)(int64_t)cols[c];                                                      \
                    if (y >= labels) {                                                                            \
                        return SAMPLE_BAD_INDEX;                                                                  \
                    }                                                                                             \
                    int status = visit(s, slot * num_labels + (int64_t)y, h, r, in_order);                        \
                    if (status != SAMPLE_OK) {                                                                    \
                        *stopped = i;                                                                             \
                        return status;                                                                            \
                    }                                                                                             \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
        return SAMPLE_OK;                                                                                         \
    }

/* The rows order[from:] (each checked: an index below batch, a range of
 * cols within cells) copied into *buffer in that order, at most CHUNK_ROWS of them and
 * as many as fit (a single longer row grows it): row j - from ends at
 * offsets[j - from + 1], its index in chunk_rows; *end is the first row
 * not copied. The copy's loads do not wait on each other (each row is a
 * jump in memory, asked for early), and the passes then read the rows from
 * a buffer that stays in the cache. Shared by sample_rows and
 * count_sample. */
enum { GATHER_OK, GATHER_BAD_INDEX, GATHER_NO_MEMORY };

#define GATHER_CHUNK(T)                                                                                           \
    static int gather_chunk_##T(const int64_t *indptr, const T *cols, int64_t cells, const int64_t *order,        \
                                int64_t from, int64_t n, int64_t batch, T **buffer, int64_t *room,                \
                                int64_t *offsets, int64_t *chunk_rows, int64_t *end) {                            \
        int64_t j = from, at = 0;                                                                                 \
        offsets[0] = 0;                                                                                           \
        for (; j < n && j - from < CHUNK_ROWS; j++) {                                                             \
            PREFETCH_ROWS_AHEAD(indptr, cols, cells, order, j, n, batch);                                         \
            int64_t r = order[j];                                                                                 \
            int64_t lo = (uint64_t)r < (uint64_t)batch ? indptr[r] : -1, hi = lo < 0 ? -1 : indptr[r + 1];        \
            if (lo < 0 || hi < lo || hi > cells) {                                                                \
                *end = j;                                                                                         \
                return GATHER_BAD_INDEX;                                                                          \
            }                                                                                                     \
            if (hi - lo > *room - at) {                                                                           \
                if (j > from) {                                                                                   \
                    break; /* the chunk is full */                                                                \
                }                                                                                                 \
                T *longer = PyMem_RawRealloc(*buffer, (size_t)(hi - lo) * sizeof(T));                             \
                if (longer == NULL) {                                                                             \
                    *end = j;                                                                                     \
                    return GATHER_NO_MEMORY;                                                                      \
                }                                                                                                 \
                *buffer = longer;                                                                                 \
                *room = hi - lo;                                                                                  \
            }                                                                                                     \
            memcpy(*buffer + at, cols + lo, (size_t)(hi - lo) * sizeof(T));                                       \
            chunk_rows[j - from] = r;                                                                             \
            at += hi - lo;                                                                                        \
            offsets[j - from + 1] = at;                                                                           \
        }                                                                                                         \
        *end = j;                                                                                                 \
        return GATHER_OK;                                                                                         \
    }

GATHER_CHUNK(int32_t)
GATHER_CHUNK(int64_t)

/* The batch's rows rows[start:n] (in hash order; hashes[i] is row rows[i]'s)
 * copied a chunk at a time into a buffer that stays in the cache (each
 * row is a jump in memory: the rows ahead are asked for early), then
 * visited from it. */
#define SAMPLE_ROWS(T)                                                                                            \
    static int sample_rows_##T(struct sampler *s, const int64_t *indptr, int64_t batch, const T *cols,             \
                               int64_t cells, const uint64_t *hashes, const int64_t *rows, int64_t n,              \
                               int64_t start, int64_t *stopped, const int64_t *slot_of_label,                      \
                               const int64_t *slot_indptr, const int64_t *slots, int64_t num_slot_cells,           \
                               int64_t num_slots, int64_t num_labels, int64_t *held, const uint8_t *is_identity) { \
        int64_t room = CHUNK_CELLS, offsets[CHUNK_ROWS + 1], chunk_rows[CHUNK_ROWS]; /* rows checked once */      \
        T *buffer = PyMem_RawMalloc((size_t)room * sizeof(T));                                                    \
        uint64_t seen = 0; /* the largest hash visited */                                                         \
        int status = buffer == NULL ? SAMPLE_NO_MEMORY : SAMPLE_OK;                                               \
        for (int64_t i = 0; i < start; i++) {                                                                     \
            seen = hashes[i] > seen ? hashes[i] : seen;                                                           \
        }                                                                                                         \
        for (int64_t i = start; i < n && status == SAMPLE_OK;) {                                                  \
            int64_t j;                                                                                            \
            int gathered = gather_chunk_##T(indptr, cols, cells, rows, i, n, batch, &buffer, &room, offsets,      \
                                            chunk_rows, &j);                                                      \
            status = gathered == GATHER_OK ? SAMPLE_OK                                                            \
                                           : gathered == GATHER_NO_MEMORY ? SAMPLE_NO_MEMORY : SAMPLE_BAD_INDEX;  \
            if (status == SAMPLE_OK) {                                                                            \
                status = visit_rows_##T(s, offsets, i, j, buffer, hashes, chunk_rows, start, &seen, stopped,       \
                                        slot_of_label, slot_indptr, slots, num_slot_cells, num_slots, num_labels,  \
                                        held, is_identity);                                                       \
            }                                                                                                     \
            i = j;                                                                                                \
        }                                                                                                         \
        PyMem_RawFree(buffer);                                                                                    \
        return status;                                                                                            \
    }

VISIT_ROWS(int32_t)
VISIT_ROWS(int64_t)
SAMPLE_ROWS(int32_t)
SAMPLE_ROWS(int64_t)

PyDoc_STRVAR(sample_rows_doc,
             "sample_rows(indptr, cols, hashes, rows, start, slot_of_label, slot_indptr, slots,\n"
             "            num_slots, num_labels, index, bound, store, keys, size, marked, fresh_from,\n"
             "            fills) -> (size, stopped)\n\n"
             "Add the rows rows[start:] of a CSR batch (of len(marked) rows; rows[i] has hash\n"
             "hashes[i]) to the bottom-k sample of every cell they are counted in (cell\n"
             "slot * num_labels + y, slot num_slots for the label on its own), in place;\n"
             "marked[r] is set where row r entered a cell or was in it already. Identities\n"
             "come from slot_of_label (labels) when it is not None, else row r holds\n"
             "slots[slot_indptr[r]:slot_indptr[r + 1]]. stopped is -1, or the place in rows\n"
             "of the row that found the store (or fills) full: grow it and go on from there.\n"
             "Rows fresh_from: of the store were made by this batch; fills (uint16, one per\n"
             "row of the store, zeros) holds how many places of each are filled. In hash\n"
             "order (rows sorted by hash) a cell takes at most k rows, a new hash goes last in\n"
             "a row this batch made unread, and an earlier row gets its (at most k) hashes\n"
             "merged in once at the end.");

static PyObject *sample_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *o[18];
    Py_ssize_t start, num_slots, num_labels, size, fresh_from;
    if (!PyArg_ParseTuple(args, "OOOOnOOOnnOOOOnOnO", &o[0], &o[1], &o[2], &o[3], &start, &o[5], &o[6], &o[7],
                          &num_slots, &num_labels, &o[10], &o[11], &o[12], &o[13], &size, &o[15], &fresh_from,
                          &o[17])) {
        return NULL;
    }
    enum { INDPTR, COLS, HASHES, ROWS, SLOT_OF_LABEL, SLOT_INDPTR, SLOTS, INDEX, BOUND, STORE, KEYS, MARKED, FILLS,
           VIEWS };
    PyObject *objects[VIEWS] = {o[0], o[1], o[2], o[3], o[5], o[6], o[7], o[10], o[11], o[12], o[13], o[15], o[17]};
    static const char *names[VIEWS] = {"indptr", "cols", "hashes", "rows", "slot_of_label", "slot_indptr", "slots",
                                       "index", "bound", "store", "keys", "marked", "fills"};
    Py_buffer views[VIEWS];
    int have[VIEWS] = {0}, status = SAMPLE_OK;
    int64_t stopped = -1;
    int by_labels = o[5] != Py_None;
    for (int v = 0; v < VIEWS; v++) {
        if ((v == SLOT_OF_LABEL && !by_labels) || ((v == SLOT_INDPTR || v == SLOTS) && by_labels)) {
            continue;
        }
        int ok;
        switch (v) {
        case COLS:
            ok = get_ints(objects[v], &views[v], INDICES, names[v]);
            break;
        case HASHES:
        case BOUND:
            ok = get_typed(objects[v], &views[v], "LQ", 8, 1, v == BOUND, names[v]);
            break;
        case STORE:
            ok = get_typed(objects[v], &views[v], "LQ", 8, 2, 1, names[v]);
            break;
        case INDEX:
            ok = get_typed(objects[v], &views[v], "i", 4, 1, 1, names[v]);
            break;
        case KEYS:
            ok = get_typed(objects[v], &views[v], "lq", 8, 1, 1, names[v]);
            break;
        case MARKED:
            ok = get_typed(objects[v], &views[v], "B?", 1, 1, 1, names[v]);
            break;
        case FILLS:
            ok = get_typed(objects[v], &views[v], "H", 2, 1, 1, names[v]);
            break;
        default:
            ok = get_ints(objects[v], &views[v], WIDE, names[v]);
        }
        if (ok < 0) {
            goto done;
        }
        have[v] = 1;
    }
    int64_t n = views[ROWS].shape[0], cells = views[COLS].shape[0], batch = views[MARKED].shape[0];
    struct sampler s = {views[INDEX].buf, views[BOUND].buf, views[STORE].buf, views[KEYS].buf,
                        views[INDEX].shape[0], views[STORE].shape[1], views[STORE].shape[0], size,
                        views[MARKED].buf, fresh_from, views[FILLS].buf, views[FILLS].shape[0], NULL, 0, 0};
    if (num_slots < 0 || num_labels < 0 || (num_labels > 0 && num_slots + 1 > PY_SSIZE_T_MAX / num_labels) ||
        s.num_cells != (num_slots + 1) * num_labels || views[BOUND].shape[0] != s.num_cells) {
        PyErr_SetString(PyExc_ValueError, "index and bound must hold (num_slots + 1) * num_labels cells");
        goto done;
    }
    if (s.per_cell < 1 || s.per_cell > UINT16_MAX || views[KEYS].shape[0] != s.capacity || size < 0 ||
        size > s.capacity || s.capacity > (int64_t)INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "store and keys must hold the same rows (at most 2**31) of at most 65535 "
                                          "places, size of them used");
        goto done;
    }
    if (fresh_from < 0 || fresh_from > size || views[FILLS].shape[0] < size) {
        PyErr_SetString(PyExc_ValueError, "fresh_from must be within the rows used, and fills hold them all");
        goto done;
    }
    if (views[INDPTR].shape[0] != batch + 1 || views[HASHES].shape[0] != n || start < 0 || start > n) {
        PyErr_SetString(PyExc_ValueError, "indptr must have one offset per row of marked plus one, hashes one per "
                                          "row of rows, and start be within");
        goto done;
    }
    if (by_labels ? views[SLOT_OF_LABEL].shape[0] != num_labels : views[SLOT_INDPTR].shape[0] != batch + 1) {
        PyErr_SetString(PyExc_ValueError, "slot_of_label must have one slot per label, slot_indptr one offset per "
                                          "row of the batch (of marked) plus one");
        goto done;
    }
    const int64_t *slot_of_label = by_labels ? views[SLOT_OF_LABEL].buf : NULL;
    int64_t *held;
    uint8_t *is_identity;
    if (label_scratch(slot_of_label, num_labels, INT64_MAX, num_slots, &held, &is_identity) < 0) {
        goto done;
    }
    const int64_t *slot_indptr = by_labels ? NULL : views[SLOT_INDPTR].buf;
    const int64_t *slots = by_labels ? NULL : views[SLOTS].buf;
    int64_t num_slot_cells = by_labels ? 0 : views[SLOTS].shape[0];
    Py_BEGIN_ALLOW_THREADS
    if (views[COLS].itemsize == 4) {
        status = sample_rows_int32_t(&s, views[INDPTR].buf, batch, views[COLS].buf, cells, views[HASHES].buf,
                                     views[ROWS].buf, n, start, &stopped, slot_of_label, slot_indptr, slots,
                                     num_slot_cells, num_slots, num_labels, held, is_identity);
    } else {
        status = sample_rows_int64_t(&s, views[INDPTR].buf, batch, views[COLS].buf, cells, views[HASHES].buf,
                                     views[ROWS].buf, n, start, &stopped, slot_of_label, slot_indptr, slots,
                                     num_slot_cells, num_slots, num_labels, held, is_identity);
    }
    if (status == SAMPLE_OK || status == SAMPLE_FULL) { /* merged before any return: the sample is whole */
        int merged = merge_waiting(&s);
        status = merged == SAMPLE_OK ? status : merged;
    }
    PyMem_RawFree(s.waiting);
    Py_END_ALLOW_THREADS
    PyMem_Free(held);
    PyMem_Free(is_identity);
    if (status == SAMPLE_BAD_INDEX) {
        PyErr_SetString(PyExc_ValueError, "sample_rows: an index read from the batch or the sample is out of range");
    } else if (status == SAMPLE_NO_MEMORY) {
        PyErr_NoMemory();
    }
    size = s.size;
done:
    for (int v = 0; v < VIEWS; v++) {
        if (have[v]) {
            PyBuffer_Release(&views[v]);
        }
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    return Py_BuildValue("nL", size, (long long)(status == SAMPLE_FULL ? stopped : -1));
}

/* Counting fused with the sample (count_sample), for a batch without
 * repeated ids: rows are counted in hash order, so the visitors of a cell
 * whose batch count has just become 1..k are the cell's k smallest hashes
 * of the batch, the only ones of the batch that can enter its sample:
 * written out as candidates (cell, place, row), kept if below the cell's
 * bound. merge_candidates then changes the sample, once the whole batch is
 * counted and valid. */
struct collected {
    uint64_t *keys;   /* per candidate: cell << 16 | place among the batch's first k */
    uint32_t *places; /* per candidate: its row's place in hash order */
    int64_t room;     /* the list's room: one more than the most it may hold */
    uint32_t per_cell;
    const uint64_t *hashes; /* per row, in hash order */
    const uint64_t *bound;  /* per cell: its last place (EMPTY_HASH while not full), or NULL: none is */
};

enum { COLLECT_FULL = ROWS_CHANGED + 1, NO_MEMORY };

/* One row's cells counted for one identity (or alone, first_cell then
 * k * num_labels), each count of 1..per_cell offered as a candidate; the
 * list's new size, or -1 with *status set. With is_identity, the row's
 * identity slots are gathered into held as well (at most k). Every cell
 * writes its candidate at the list's end and the end moves on only if it
 * is one: no branch on the count (which, in hash order, no predictor can
 * guess), and the write goes where the last one went (in the cache). The
 * room is checked once per 64 cells. */
#define COUNT_OFFER(T)                                                                                          \
    static inline int64_t count_offer_##T(const T *cols, int64_t lo, int64_t hi, uint64_t num_labels,            \
                                          uint32_t *restrict out, int64_t first_cell, int64_t i,                 \
                                          const struct collected *c, int64_t size, const uint8_t *is_identity,   \
                                          const int64_t *slot_of_label, int64_t k, int64_t *restrict held,       \
                                          int64_t *found, int *status) {                                         \
        const uint32_t per_cell = c->per_cell;                                                                    \
        uint64_t *restrict keys = c->keys;                                                                        \
        uint32_t *restrict places = c->places;                                                                    \
        int64_t got = *found;                                                                                     \
        const uint64_t *bound = c->bound == NULL ? NULL : c->bound + first_cell;                                  \
        const uint64_t h = c->hashes[i], base = (uint64_t)first_cell << 16;                                      \
        for (int64_t from = lo; from < hi; from += 64) {                                                          \
            int64_t to = hi - from > 64 ? from + 64 : hi;                                                         \
            if (size + 64 >= c->room) {                                                                           \
                *status = COLLECT_FULL;                                                                           \
                return -1;                                                                                        \
            }                                                                                                     \
            for (int64_t p = from; p < to; p++) {                                                                 \
                uint64_t y = (uint64_t)(int64_t)cols[p];                                                          \
                if (y >= num_labels) {                                                                            \
                    *status = LABEL_OUT_OF_RANGE;                                                                 \
                    return -1;                                                                                    \
                }                                                                                                 \
                if (is_identity != NULL && is_identity[y]) {                                                      \
                    if (got == k) {                                                                                \
                        *status = TOO_MANY_IDENTITIES;                                                            \
                        return -1;                                                                                \
                    }                                                                                             \
                    held[got++] = slot_of_label[y];                                                               \
                }                                                                                                 \
                uint32_t v = ++out[y];                                                                            \
                keys[size] = base + (y << 16) + (v - 1);                                                            \
                places[size] = (uint32_t)i;                                                                       \
                /* kept if at most the cell's bound: it may enter the sample, or be in it already (its record  \
                   is then kept too, so that an id's text is chosen among all of them) */                         \
                size += (v <= per_cell) & (bound == NULL || h <= bound[y]);                                       \
            }                                                                                                     \
        }                                                                                                         \
        *found = got;                                                                                             \
        return size;                                                                                              \
    }

/* The rows are copied in hash order a chunk at a time (gather_chunk),
 * then counted from the copy. */
#define COUNT_SAMPLE(T)                                                                                           \
    static int64_t count_sample_##T(const int64_t *indptr, int64_t n, const T *cols, int64_t cells,               \
                                    const int64_t *order, const int64_t *slot_of_label, const uint8_t *is_identity, \
                                    const int64_t *slot_indptr, const int64_t *slots, int64_t num_slot_cells,     \
                                    int64_t num_labels, int64_t k, int64_t *held, uint32_t *label_counts,          \
                                    uint32_t *cooccurrence, struct collected *c, int *status) {                   \
        const uint64_t labels = (uint64_t)num_labels;                                                             \
        const int64_t alone = k * num_labels;                                                                     \
        int64_t size = 0, room = CHUNK_CELLS, offsets[CHUNK_ROWS + 1], chunk_rows[CHUNK_ROWS];                    \
        T *buffer = PyMem_RawMalloc((size_t)room * sizeof(T));                                                    \
        if (buffer == NULL) {                                                                                     \
            *status = NO_MEMORY;                                                                                  \
            return -1;                                                                                            \
        }                                                                                                         \
        for (int64_t i0 = 0; i0 < n && size >= 0;) {                                                              \
            int64_t i1;                                                                                           \
            int gathered = gather_chunk_##T(indptr, cols, cells, order, i0, n, n, &buffer, &room, offsets,        \
                                            chunk_rows, &i1);                                                     \
            if (gathered != GATHER_OK) {                                                                          \
                *status = gathered == GATHER_NO_MEMORY ? NO_MEMORY : ROWS_CHANGED;                                \
                size = -1;                                                                                        \
                break;                                                                                            \
            }                                                                                                     \
            for (int64_t i = i0; i < i1 && size >= 0; i++) {                                                      \
                int64_t r = chunk_rows[i - i0], lo = offsets[i - i0], hi = offsets[i - i0 + 1], found = 0;        \
                size = count_offer_##T(buffer, lo, hi, labels, label_counts, alone, i, c, size, is_identity,      \
                                       slot_of_label, k, held, &found, status);                                   \
                const int64_t *row_slots = held;                                                                  \
                int64_t none = 0; /* the identity passes gather no slots */                                       \
                if (is_identity == NULL) {                                                                        \
                    int64_t first = slot_indptr[r], last = slot_indptr[r + 1];                                    \
                    if (first < 0 || last < first || last > num_slot_cells) {                                    \
                        *status = ROWS_CHANGED;                                                                   \
                        size = -1;                                                                                \
                        break;                                                                                    \
                    }                                                                                             \
                    row_slots = slots + first;                                                                    \
                    found = last - first;                                                                         \
                }                                                                                                 \
                for (int64_t j = 0; j < found && size >= 0; j++) {                                                \
                    int64_t slot = row_slots[j];                                                                  \
                    if ((uint64_t)slot >= (uint64_t)k) {                                                          \
                        *status = SLOT_OUT_OF_RANGE;                                                              \
                        size = -1;                                                                                \
                        break;                                                                                    \
                    }                                                                                             \
                    size = count_offer_##T(buffer, lo, hi, labels, cooccurrence + slot * num_labels,              \
                                           slot * num_labels, i, c, size, NULL, NULL, k, NULL, &none, status);    \
                }                                                                                                 \
            }                                                                                                     \
            i0 = i1;                                                                                              \
        }                                                                                                         \
        PyMem_RawFree(buffer);                                                                                    \
        return size;                                                                                              \
    }

COUNT_OFFER(int32_t)
COUNT_OFFER(int64_t)
COUNT_SAMPLE(int32_t)
COUNT_SAMPLE(int64_t)

PyDoc_STRVAR(count_sample_doc,
             "count_sample(indptr, cols, order, hashes, slot_of_label, slot_indptr, slots, k, num_labels,\n"
             "             label_counts, cooccurrence, bound, per_cell, keys, places) -> collected\n\n"
             "label_identities (slot_of_label not None) or attribute_identities (row r holds\n"
             "slots[slot_indptr[r]:slot_indptr[r + 1]]) counting the rows in the order order\n"
             "(hashes[i] is row order[i]'s, ascending, no two equal), and collecting each cell's\n"
             "first per_cell visitors (cells slot * num_labels + y, k * num_labels + y for label\n"
             "y on its own) whose hash is below bound[cell] (bound None: every one): keys\n"
             "(uint64) cell << 16 | place among the first per_cell, places (uint32) the row's\n"
             "place in order. keys and places need room for 64 more than the candidates (at\n"
             "most per_cell per cell, and one per visit).");

static PyObject *count_sample(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *o[15];
    Py_ssize_t k, num_labels, per_cell;
    if (!PyArg_ParseTuple(args, "OOOOOOOnnOOOnOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &k, &num_labels,
                          &o[9], &o[10], &o[11], &per_cell, &o[13], &o[14])) {
        return NULL;
    }
    enum { INDPTR, COLS, ORDER, HASHES, SLOT_OF_LABEL, SLOT_INDPTR, SLOTS, COUNTS_Y, COUNTS_XY, BOUND, KEYS, PLACES,
           VIEWS };
    PyObject *objects[VIEWS] = {o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[9], o[10], o[11], o[13], o[14]};
    static const char *names[VIEWS] = {"indptr", "cols", "order", "hashes", "slot_of_label", "slot_indptr", "slots",
                                       "label_counts", "cooccurrence", "bound", "keys", "places"};
    Py_buffer views[VIEWS];
    int have[VIEWS] = {0}, status = OK;
    int by_labels = o[4] != Py_None;
    int64_t collected = 0;
    for (int v = 0; v < VIEWS; v++) {
        if ((v == SLOT_OF_LABEL && !by_labels) || ((v == SLOT_INDPTR || v == SLOTS) && by_labels) ||
            (v == BOUND && objects[v] == Py_None)) {
            continue;
        }
        int ok;
        if (v == COLS) {
            ok = get_ints(objects[v], &views[v], INDICES, names[v]);
        } else if (v == COUNTS_Y || v == COUNTS_XY) {
            ok = get_ints(objects[v], &views[v], COUNTS, names[v]);
        } else if (v == KEYS || v == HASHES || v == BOUND) {
            ok = get_typed(objects[v], &views[v], "LQ", 8, 1, v == KEYS, names[v]);
        } else if (v == PLACES) {
            ok = get_typed(objects[v], &views[v], "I", 4, 1, 1, names[v]);
        } else {
            ok = get_ints(objects[v], &views[v], WIDE, names[v]);
        }
        if (ok < 0) {
            goto done;
        }
        have[v] = 1;
    }
    int64_t n = check_shapes(&views[INDPTR], &views[COLS], &views[COUNTS_Y], &views[COUNTS_XY], num_labels, k);
    if (n < 0) {
        goto done;
    }
    if (views[ORDER].shape[0] != n || views[HASHES].shape[0] != n || views[KEYS].shape[0] != views[PLACES].shape[0] ||
        views[KEYS].shape[0] < 1 || (have[BOUND] && views[BOUND].shape[0] != (k + 1) * num_labels) ||
        per_cell < 1 || per_cell > UINT16_MAX ||
        (by_labels ? views[SLOT_OF_LABEL].shape[0] != num_labels : views[SLOT_INDPTR].shape[0] != n + 1)) {
        PyErr_SetString(PyExc_ValueError, "count_sample: order and hashes must hold one entry per row, bound one per "
                                          "cell, keys and places the same room (not none); 1 <= per_cell < 2**16");
        goto done;
    }
    struct collected c = {views[KEYS].buf, views[PLACES].buf, views[KEYS].shape[0], (uint32_t)per_cell,
                          views[HASHES].buf, have[BOUND] ? views[BOUND].buf : NULL};
    const int64_t *slot_of_label = by_labels ? views[SLOT_OF_LABEL].buf : NULL;
    int64_t *held;
    uint8_t *is_identity;
    int64_t outside = label_scratch(slot_of_label, num_labels, k, k, &held, &is_identity);
    if (outside < 0) {
        goto done;
    }
    if (outside > 0) {
        status = SLOT_OUT_OF_RANGE;
    }
    const int64_t *slot_indptr = by_labels ? NULL : views[SLOT_INDPTR].buf;
    const int64_t *slots = by_labels ? NULL : views[SLOTS].buf;
    int64_t num_slot_cells = by_labels ? 0 : views[SLOTS].shape[0];
    if (status == OK) {
        Py_BEGIN_ALLOW_THREADS
        if (views[COLS].itemsize == 4) {
            collected = count_sample_int32_t(views[INDPTR].buf, n, views[COLS].buf, views[COLS].shape[0],
                                             views[ORDER].buf, slot_of_label, is_identity, slot_indptr, slots,
                                             num_slot_cells, num_labels, k, held, views[COUNTS_Y].buf,
                                             views[COUNTS_XY].buf, &c, &status);
        } else {
            collected = count_sample_int64_t(views[INDPTR].buf, n, views[COLS].buf, views[COLS].shape[0],
                                             views[ORDER].buf, slot_of_label, is_identity, slot_indptr, slots,
                                             num_slot_cells, num_labels, k, held, views[COUNTS_Y].buf,
                                             views[COUNTS_XY].buf, &c, &status);
        }
        Py_END_ALLOW_THREADS
    }
    PyMem_Free(held);
    PyMem_Free(is_identity);
    if (status == COLLECT_FULL) {
        PyErr_SetString(PyExc_ValueError, "count_sample: keys and places are too short for the candidates");
        status = OK;
    }
    if (status == NO_MEMORY) {
        PyErr_NoMemory();
        status = OK;
    }
done:
    for (int v = 0; v < VIEWS; v++) {
        if (have[v]) {
            PyBuffer_Release(&views[v]);
        }
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (status != OK) {
        return raise_for(status);
    }
    return PyLong_FromLongLong((long long)collected);
}

/* Row at's hashes (ascending, EMPTY_HASH past them) merged with the
 * waiting ones hashes[waiting[0:m]] (ascending): the k smallest of both,
 * each once, through out (k places); marked[order[i]] is set for each
 * waiting i that entered or was there already. SAMPLE_BAD_INDEX if a row
 * read is out of range. */
static int merge_row(uint64_t *row, int64_t k, const uint32_t *waiting, int64_t m, const uint64_t *hashes,
                     const int64_t *order, uint8_t *marked, int64_t batch, uint64_t *out) {
    if (k <= 32 && m <= 32) { /* short: each hash's place counted, without a branch per comparison */
        uint64_t waiting_hashes[32];
        int64_t to[32], repeats = 0; /* to[b]: waiting hash b's place among both */
        for (int64_t b = 0; b < m; b++) {
            uint64_t y = hashes[waiting[b]];
            int64_t below = 0;
            for (int64_t j = 0; j < k; j++) {
                below += row[j] < y;
                repeats += row[j] == y;
            }
            waiting_hashes[b] = y;
            to[b] = below + b;
        }
        if (repeats == 0) {
            uint64_t merged[64];
            for (int64_t j = 0; j < k; j++) {
                int64_t below = 0;
                for (int64_t b = 0; b < m; b++) {
                    below += waiting_hashes[b] < row[j];
                }
                merged[j + below] = row[j];
            }
            for (int64_t b = 0; b < m; b++) {
                merged[to[b]] = waiting_hashes[b];
                if (to[b] < k) {
                    int64_t r = order[waiting[b]];
                    if ((uint64_t)r >= (uint64_t)batch) {
                        return SAMPLE_BAD_INDEX;
                    }
                    marked[r] = 1;
                }
            }
            memcpy(row, merged, (size_t)k * sizeof(uint64_t));
            return SAMPLE_OK;
        }
    }
    int64_t a = 0, b = 0, o = 0;
    while (o < k) {
        uint64_t x = a < k ? row[a] : EMPTY_HASH, y = b < m ? hashes[waiting[b]] : EMPTY_HASH;
        if (x == EMPTY_HASH && y == EMPTY_HASH) {
            break;
        }
        if (x <= y) {
            if (x == y) { /* there already: its record is kept as well */
                int64_t r = order[waiting[b++]];
                if ((uint64_t)r >= (uint64_t)batch) {
                    return SAMPLE_BAD_INDEX;
                }
                marked[r] = 1;
            }
            out[o++] = x;
            a++;
        } else {
            int64_t r = order[waiting[b++]];
            if ((uint64_t)r >= (uint64_t)batch) {
                return SAMPLE_BAD_INDEX;
            }
            out[o++] = y;
            marked[r] = 1;
        }
    }
    for (int64_t j = 0; j < k; j++) {
        row[j] = j < o ? out[j] : EMPTY_HASH;
    }
    return SAMPLE_OK;
}

/* The candidates count_sample collected, merged into the sample: the rows
 * fresh_from:size are the new cells' (made, empty, by the caller), and
 * take their candidates (the batch's first) at their places; those for the
 * rows kept from earlier batches wait, grouped by row (a counting sort),
 * and each such row is then merged once, the rows in store order (not one
 * jump in memory per candidate). */
static int merge_all(const uint64_t *keys, const uint32_t *places, int64_t m, const int64_t *order,
                     const uint64_t *hashes, int64_t n, int64_t batch, const int32_t *index, uint64_t *bound,
                     uint64_t *store, const int64_t *cell_keys, int64_t num_cells, int64_t k, int64_t fresh_from,
                     int64_t size, uint8_t *marked) {
    uint32_t *waiting = PyMem_RawMalloc((size_t)(m > 0 ? m : 1) * sizeof(uint32_t));
    int32_t *waiting_row = PyMem_RawMalloc((size_t)(m > 0 ? m : 1) * sizeof(int32_t));
    int64_t *ends = PyMem_RawCalloc((size_t)fresh_from + 1, sizeof(int64_t));
    uint64_t *out = PyMem_RawMalloc((size_t)k * sizeof(uint64_t));
    uint32_t *grouped = NULL;
    int64_t num_waiting = 0;
    int status = waiting && waiting_row && ends && out ? SAMPLE_OK : SAMPLE_NO_MEMORY;
    for (int64_t q = 0; q < m && status == SAMPLE_OK; q++) {
        int64_t cell = (int64_t)(keys[q] >> 16), place = (int64_t)(keys[q] & 0xFFFF), i = places[q];
        if (cell >= num_cells || place >= k || i >= n || (uint64_t)order[i] >= (uint64_t)batch) {
            status = SAMPLE_BAD_INDEX;
            break;
        }
        int64_t at = index[cell];
        if (at < 0 || at >= size) {
            status = SAMPLE_BAD_INDEX;
            break;
        }
        uint64_t h = hashes[i];
        if (at >= fresh_from) { /* a new cell: the batch's first k, in their places */
            store[at * k + place] = h;
            marked[order[i]] = 1;
        } else if (h <= bound[cell]) { /* at most the cell's last place: it may enter, or be there */
            waiting[num_waiting] = (uint32_t)i;
            waiting_row[num_waiting++] = (int32_t)at;
            ends[at + 1]++;
        }
    }
    for (int64_t at = fresh_from; at < size && status == SAMPLE_OK; at++) {
        if (cell_keys[at] < 0 || cell_keys[at] >= num_cells) {
            status = SAMPLE_BAD_INDEX;
            break;
        }
        bound[cell_keys[at]] = store[at * k + k - 1];
    }
    if (status == SAMPLE_OK && num_waiting > 0) {
        grouped = PyMem_RawMalloc((size_t)num_waiting * sizeof(uint32_t));
        status = grouped ? SAMPLE_OK : SAMPLE_NO_MEMORY;
    }
    if (status == SAMPLE_OK && num_waiting > 0) {
        for (int64_t at = 0; at < fresh_from; at++) { /* ends[at]: where row at's hashes start */
            ends[at + 1] += ends[at];
        }
        for (int64_t w = 0; w < num_waiting; w++) { /* in hash order: each row's stay ascending */
            grouped[ends[waiting_row[w]]++] = waiting[w];
        }
        for (int64_t at = 0, begin = 0; at < fresh_from && status == SAMPLE_OK; at++) {
            int64_t end = ends[at]; /* now where row at's hashes end */
            if (end > begin) {
                if (cell_keys[at] < 0 || cell_keys[at] >= num_cells || end > num_waiting) {
                    status = SAMPLE_BAD_INDEX;
                    break;
                }
                uint64_t *row = store + at * k;
                status = merge_row(row, k, grouped + begin, end - begin, hashes, order, marked, batch, out);
                bound[cell_keys[at]] = row[k - 1];
            }
            begin = end;
        }
    }
    PyMem_RawFree(waiting);
    PyMem_RawFree(waiting_row);
    PyMem_RawFree(ends);
    PyMem_RawFree(out);
    PyMem_RawFree(grouped);
    return status;
}

PyDoc_STRVAR(merge_candidates_doc,
             "merge_candidates(keys, places, order, hashes, index, bound, store, cell_keys, fresh_from,\n"
             "                 size, marked)\n\n"
             "Merge count_sample's candidates (hashes[i] is row order[i]'s) into the sample as\n"
             "sample_rows keeps it. The store's rows fresh_from:size are those of the cells\n"
             "the batch counted first (made by the caller, empty): they take the cell's\n"
             "candidates; a row kept already gets the k smallest of its hashes and its\n"
             "candidates. marked[order[i]] is set for every candidate that entered.");

static PyObject *merge_candidates(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *o[11];
    Py_ssize_t fresh_from, size;
    if (!PyArg_ParseTuple(args, "OOOOOOOOnnO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &fresh_from,
                          &size, &o[10])) {
        return NULL;
    }
    enum { KEYS, PLACES, ORDER, HASHES, INDEX, BOUND, STORE, CELL_KEYS, MARKED, VIEWS };
    PyObject *objects[VIEWS] = {o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[10]};
    static const char *names[VIEWS] = {"keys", "places", "order", "hashes", "index", "bound", "store", "cell_keys",
                                       "marked"};
    static const char *formats[VIEWS] = {"LQ", "I", "lq", "LQ", "i", "LQ", "LQ", "lq", "B?"};
    static const Py_ssize_t sizes[VIEWS] = {8, 4, 8, 8, 4, 8, 8, 8, 1};
    Py_buffer views[VIEWS];
    int have[VIEWS] = {0}, status = SAMPLE_OK;
    for (int v = 0; v < VIEWS; v++) {
        if (get_typed(objects[v], &views[v], formats[v], sizes[v], v == STORE ? 2 : 1, v >= INDEX, names[v]) < 0) {
            goto done;
        }
        have[v] = 1;
    }
    int64_t m = views[KEYS].shape[0], n = views[ORDER].shape[0];
    int64_t num_cells = views[INDEX].shape[0], k = views[STORE].shape[1], capacity = views[STORE].shape[0];
    if (views[PLACES].shape[0] != m || views[HASHES].shape[0] != n || views[BOUND].shape[0] != num_cells ||
        views[CELL_KEYS].shape[0] != capacity || fresh_from < 0 || fresh_from > size || size > capacity ||
        capacity > (int64_t)INT32_MAX ||
        n > (int64_t)UINT32_MAX || k < 1 || k > UINT16_MAX) {
        PyErr_SetString(PyExc_ValueError, "merge_candidates: places must match keys, hashes order, bound index; "
                                          "cell_keys the store's rows (at most 2**31), 0 <= fresh_from <= size "
                                          "<= rows");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    status = merge_all(views[KEYS].buf, views[PLACES].buf, m, views[ORDER].buf, views[HASHES].buf, n,
                       views[MARKED].shape[0], views[INDEX].buf, views[BOUND].buf, views[STORE].buf,
                       views[CELL_KEYS].buf, num_cells, k, fresh_from, size, views[MARKED].buf);
    Py_END_ALLOW_THREADS
    if (status == SAMPLE_BAD_INDEX) {
        PyErr_SetString(PyExc_ValueError, "merge_candidates: an index read from the candidates is out of range");
    } else if (status == SAMPLE_NO_MEMORY) {
        PyErr_NoMemory();
    }
done:
    for (int v = 0; v < VIEWS; v++) {
        if (have[v]) {
            PyBuffer_Release(&views[v]);
        }
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"label_identities", label_identities, METH_VARARGS, label_identities_doc},
    {"attribute_identities", attribute_identities, METH_VARARGS, attribute_identities_doc},
    {"once_per_row", once_per_row, METH_VARARGS, once_per_row_doc},
    {"hash_ids", hash_ids, METH_VARARGS, hash_ids_doc},
    {"hash_integer_ids", hash_integer_ids, METH_VARARGS, hash_integer_ids_doc},
    {"hash_order", hash_order, METH_VARARGS, hash_order_doc},
    {"sample_rows", sample_rows, METH_VARARGS, sample_rows_doc},
    {"count_sample", count_sample, METH_VARARGS, count_sample_doc},
    {"merge_candidates", merge_candidates, METH_VARARGS, merge_candidates_doc},
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
