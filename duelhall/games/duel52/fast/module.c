/* The Python face of the compiled engine: a state is a bytearray holding one D52State
 * (fast/layout.py reads its fields), actions are the integer codes of core.h. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "core.h"

#define OPTION_BYTES 10

static D52State *state_of(Py_buffer *view) {
    if (view->len != (Py_ssize_t)sizeof(D52State)) {
        PyErr_SetString(PyExc_ValueError, "not a Duel 52 fast-engine state");
        return NULL;
    }
    return (D52State *)view->buf;
}

static PyObject *check_error(const D52State *st, PyObject *ok) {
    if (st->error) {
        Py_XDECREF(ok);
        PyErr_SetString(PyExc_OverflowError, "the game outgrew the fast engine's tables");
        return NULL;
    }
    return ok;
}

static PyObject *py_size(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromSize_t(sizeof(D52State));
}

static int set_options(D52State *st, Py_buffer *opts) {
    if (opts->len != OPTION_BYTES) {
        PyErr_SetString(PyExc_ValueError, "options must be 10 bytes");
        return -1;
    }
    memcpy(&st->opt_removed, opts->buf, OPTION_BYTES);
    return 0;
}

static PyObject *py_new_game(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer opts;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "y*K", &opts, &seed)) return NULL;
    PyObject *buf = PyByteArray_FromStringAndSize(NULL, sizeof(D52State));
    if (buf == NULL) {
        PyBuffer_Release(&opts);
        return NULL;
    }
    D52State *st = (D52State *)PyByteArray_AS_STRING(buf);
    memset(st, 0, sizeof *st);
    int bad = set_options(st, &opts);
    PyBuffer_Release(&opts);
    if (bad) {
        Py_DECREF(buf);
        return NULL;
    }
    d52_new_game(st, seed);
    return check_error(st, buf);
}

static PyObject *py_legal(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "y*", &view)) return NULL;
    D52State *st = state_of(&view);
    if (st == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    D52Legal *out = PyMem_Malloc(sizeof(D52Legal));
    if (out == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    d52_legal(st, out);
    PyBuffer_Release(&view);
    if (out->overflow) {
        PyMem_Free(out);
        PyErr_SetString(PyExc_OverflowError, "more legal actions than the fast engine holds");
        return NULL;
    }
    PyObject *list = PyList_New(out->n);
    for (int k = 0; list != NULL && k < out->n; k++) {
        PyObject *item = PyLong_FromUnsignedLongLong(out->a[k]);
        if (item == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, item);
    }
    PyMem_Free(out);
    return list;
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    unsigned long long c;
    if (!PyArg_ParseTuple(args, "w*K", &view, &c)) return NULL;
    D52State *st = state_of(&view);
    if (st != NULL) d52_apply(st, c);
    PyBuffer_Release(&view);
    if (st == NULL) return NULL;
    return check_error(st, Py_NewRef(Py_None));
}

static PyObject *py_playout(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    unsigned long long rng;
    if (!PyArg_ParseTuple(args, "w*K", &view, &rng)) return NULL;
    D52State *st = state_of(&view);
    long actions = 0;
    if (st != NULL) {
        uint64_t s = rng;
        Py_BEGIN_ALLOW_THREADS actions = d52_playout(st, &s);
        Py_END_ALLOW_THREADS rng = s;
    }
    PyBuffer_Release(&view);
    if (st == NULL) return NULL;
    if (actions < 0) return check_error(st, NULL);
    return Py_BuildValue("lK", actions, rng);
}

/* bench's loop: ``count`` games dealt from seeds seed, seed + 1..., played at random from
 * one generator; the actions taken and the generator's state after. */
static PyObject *py_random_games(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer opts;
    unsigned long long seed, rng;
    long count;
    if (!PyArg_ParseTuple(args, "y*KlK", &opts, &seed, &count, &rng)) return NULL;
    D52State *st = PyMem_Malloc(sizeof(D52State));
    if (st == NULL) {
        PyBuffer_Release(&opts);
        return PyErr_NoMemory();
    }
    memset(st, 0, sizeof *st);
    int bad = set_options(st, &opts);
    PyBuffer_Release(&opts);
    long total = 0;
    if (!bad) {
        uint64_t s = rng;
        Py_BEGIN_ALLOW_THREADS for (long g = 0; g < count; g++) {
            d52_new_game(st, seed + (uint64_t)g);
            long n = d52_playout(st, &s);
            if (n < 0) {
                total = -1;
                break;
            }
            total += n;
        }
        Py_END_ALLOW_THREADS rng = s;
    }
    PyObject *result = NULL;
    if (!bad) result = total < 0 ? check_error(st, NULL) : Py_BuildValue("lK", total, rng);
    PyMem_Free(st);
    return result;
}

/* ------------------------------------------------------------------ search */

#define SEARCH_CAPSULE "duelhall.d52.search"

static void free_search(PyObject *capsule) {
    d52_search_free(PyCapsule_GetPointer(capsule, SEARCH_CAPSULE));
}

static PyObject *py_search_new(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    int seat, cutoff;
    double c;
    PyObject *root;
    if (!PyArg_ParseTuple(args, "y*idiO!", &view, &seat, &c, &cutoff, &PyList_Type, &root))
        return NULL;
    D52State *st = state_of(&view);
    Py_ssize_t n = PyList_GET_SIZE(root);
    uint64_t *codes = PyMem_Malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    D52Search *s = NULL;
    if (st != NULL && codes != NULL) {
        int bad = 0;
        for (Py_ssize_t k = 0; k < n && !bad; k++) {
            codes[k] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(root, k));
            bad = PyErr_Occurred() != NULL;
        }
        if (!bad) {
            s = d52_search_new(st, seat, c, cutoff, codes, (int)n);
            if (s == NULL) PyErr_NoMemory();
        }
    } else if (codes == NULL) {
        PyErr_NoMemory();
    }
    PyMem_Free(codes);
    PyBuffer_Release(&view);
    if (s == NULL) return NULL;
    PyObject *capsule = PyCapsule_New(s, SEARCH_CAPSULE, free_search);
    if (capsule == NULL) d52_search_free(s);
    return capsule;
}

static PyObject *py_search_run(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule;
    unsigned long long rng;
    long iterations;
    if (!PyArg_ParseTuple(args, "OKl", &capsule, &rng, &iterations)) return NULL;
    D52Search *s = PyCapsule_GetPointer(capsule, SEARCH_CAPSULE);
    if (s == NULL) return NULL;
    uint64_t r = rng;
    long done;
    Py_BEGIN_ALLOW_THREADS done = d52_search_run(s, &r, iterations);
    Py_END_ALLOW_THREADS if (done < 0) {
        PyErr_SetString(PyExc_OverflowError, "a sample outgrew the fast engine's tables");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(r);
}

static PyObject *py_search_root(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    D52Search *s = PyCapsule_GetPointer(capsule, SEARCH_CAPSULE);
    if (s == NULL) return NULL;
    D52RootMove *moves = PyMem_Malloc(sizeof(D52RootMove) * D52_MAXLEGAL);
    if (moves == NULL) return PyErr_NoMemory();
    int n = d52_search_root(s, moves, D52_MAXLEGAL);
    PyObject *list = PyList_New(n);
    for (int k = 0; list != NULL && k < n; k++) {
        PyObject *item = Py_BuildValue("Kld", moves[k].code, moves[k].visits, moves[k].total);
        if (item == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, item);
    }
    PyMem_Free(moves);
    return list;
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    int seat;
    if (!PyArg_ParseTuple(args, "y*i", &view, &seat)) return NULL;
    D52State *st = state_of(&view);
    double v = st != NULL ? d52_evaluate(st, seat) : 0.0;
    PyBuffer_Release(&view);
    return st != NULL ? PyFloat_FromDouble(v) : NULL;
}

static PyObject *py_redeal(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    int seat;
    unsigned long long rng;
    if (!PyArg_ParseTuple(args, "y*iK", &view, &seat, &rng)) return NULL;
    D52State *st = state_of(&view);
    PyObject *buf = st != NULL ? PyByteArray_FromStringAndSize(NULL, sizeof(D52State)) : NULL;
    uint64_t r = rng;
    int bad = buf != NULL && d52_redeal(st, (D52State *)PyByteArray_AS_STRING(buf), seat, &r);
    PyBuffer_Release(&view);
    if (buf == NULL) return NULL;
    if (bad) {
        Py_DECREF(buf);
        PyErr_SetString(PyExc_ValueError, "no card fits a place the seat has narrowed down");
        return NULL;
    }
    PyObject *result = Py_BuildValue("OK", buf, (unsigned long long)r);
    Py_DECREF(buf);
    return result;
}

static PyMethodDef methods[] = {
    {"search_new", py_search_new, METH_VARARGS,
     "search_new(world, seat, c, cutoff, root_codes) -> search"},
    {"search_run", py_search_run, METH_VARARGS, "search_run(search, rng, iterations) -> rng"},
    {"search_root", py_search_root, METH_VARARGS,
     "search_root(search) -> [(code, visits, total)] in the order first tried"},
    {"evaluate", py_evaluate, METH_VARARGS, "evaluate(state, seat) -> winning chance"},
    {"redeal", py_redeal, METH_VARARGS, "redeal(state, seat, rng) -> (sample, rng)"},
    {"size", py_size, METH_NOARGS, "sizeof the state struct, checked against layout.py"},
    {"new_game", py_new_game, METH_VARARGS, "new_game(options, seed) -> state"},
    {"legal", py_legal, METH_VARARGS, "legal(state) -> action codes"},
    {"apply", py_apply, METH_VARARGS, "apply(state, code): a legal action, in place"},
    {"playout", py_playout, METH_VARARGS, "playout(state, rng) -> (actions, rng)"},
    {"random_games", py_random_games, METH_VARARGS,
     "random_games(options, seed, count, rng) -> (actions, rng)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled Duel 52 engine (base two-player rules).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
