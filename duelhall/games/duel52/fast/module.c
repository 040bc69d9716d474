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

static PyMethodDef methods[] = {
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
