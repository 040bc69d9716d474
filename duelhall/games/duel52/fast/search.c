/* ISMCTS inside the compiled engine: the duel's re-deal (duel/view.py's redeal_duel for the
 * base game), its evaluator (duel/evaluate.py) and the search loop of agents/ismcts.py
 * (single seat to move, random playouts cut off by the evaluator), each step drawing from
 * the generator exactly as the reference does, so a seed and a budget give the same tree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define JACK 11

/* ------------------------------------------------------------------ re-deal */

static int take_fitting(uint8_t *pool, int *n, int jack) {
    /* The last card of the pool that fits: a Jack, or (jack == 0) anything but a 3. */
    for (int k = *n - 1; k >= 0; k--) {
        int r = (pool[k] >> 2) + 2;
        if (jack ? r == JACK : r != 3) {
            int card = pool[k];
            memmove(pool + k, pool + k + 1, (size_t)(*n - k - 1));
            (*n)--;
            return card;
        }
    }
    return -1;
}

static int cmp_u8(const void *a, const void *b) {
    return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b;
}

static void set_card(D52Card *bc, int card) {
    bc->card = (uint8_t)card;
    bc->rank = (uint8_t)((card >> 2) + 2);
}

int d52_redeal(const D52State *src, D52State *dst, int seat, uint64_t *rng) {
    *dst = *src;
    int bit = 1 << seat, opp = 1 - seat;
    D52Card *hidden[D52_LANES * 2 * D52_MAXROW], *free_[D52_LANES * 2 * D52_MAXROW];
    int nh = 0, nf = 0;
    for (int lane = 0; lane < D52_LANES; lane++)
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < dst->row_n[lane][side]; i++)
                if (!(dst->rows[lane][side][i].known & bit)) hidden[nh++] = &dst->rows[lane][side][i];
    int hidden_discard[52], nd = 0;
    for (int i = 0; i < dst->discard_n; i++)
        if (!(dst->discard[i].known & bit)) hidden_discard[nd++] = i;
    uint8_t pool[D52_LANES * 2 * D52_MAXROW + 4 * 52];
    int n = 0;
    for (int k = 0; k < nh; k++) pool[n++] = hidden[k]->card;
    for (int k = 0; k < dst->hand_n[opp]; k++) pool[n++] = dst->hands[opp][k];
    for (int k = 0; k < dst->pile_n; k++) pool[n++] = dst->pile[k];
    for (int k = 0; k < dst->removed_n; k++) pool[n++] = dst->removed[k];
    for (int k = 0; k < nd; k++) pool[n++] = dst->discard[hidden_discard[k]].card;
    qsort(pool, (size_t)n, 1, cmp_u8);
    for (int i = n - 1; i > 0; i--) { /* Rng.shuffle */
        int j = (int)d52_rng_below(rng, (uint64_t)(i + 1));
        uint8_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    if (dst->opt_jack_hp != 3) { /* deal_wounded_jacks */
        memcpy(free_, hidden, sizeof(D52Card *) * (size_t)nh);
        nf = nh;
    } else {
        for (int k = 0; k < nh; k++) {
            if (hidden[k]->damage >= 2) {
                int card = take_fitting(pool, &n, 1);
                if (card < 0) return -1;
                set_card(hidden[k], card);
            } else {
                free_[nf++] = hidden[k];
            }
        }
    }
    uint8_t killed[52] = {0};
    for (int k = 0; k < nd; k++) { /* deal_killed: not a 3 (its Trap would have sprung) */
        D52Discard *d = &dst->discard[hidden_discard[k]];
        if (d->killed && !d->up) {
            killed[hidden_discard[k]] = 1;
            int card = take_fitting(pool, &n, 0);
            if (card < 0) return -1;
            d->card = (uint8_t)card;
        }
    }
    for (int k = 0; k < nf; k++) set_card(free_[k], pool[--n]);
    for (int k = 0; k < dst->hand_n[opp]; k++) dst->hands[opp][k] = pool[--n];
    for (int k = 0; k < dst->pile_n; k++) dst->pile[k] = pool[--n];
    for (int k = 0; k < dst->removed_n; k++) dst->removed[k] = pool[--n];
    for (int k = 0; k < nd; k++)
        if (!killed[hidden_discard[k]]) dst->discard[hidden_discard[k]].card = pool[--n];
    dst->rng = d52_rng_next(rng); /* give_own_seed */
    return 0;
}

/* ------------------------------------------------------------------ evaluator */

static const double UP_WORTH[15] = {0, 0, 0.2, 0.2, 0.2, 0.3, 0.3, 0.3, 1.2, 0.9, 1.3, 1.3, 0.5, 0.9, 0.8};
static const double DOWN_WORTH[15] = {0, 0, 0.6, 0.8, 0.4, 0.8, 0.9, 0.7, 1.0, 0.8, 1.1, 1.1, 0.7, 0.9, 1.1};
#define HIT_POINT 0.55
#define HAND_CARD 1.1
#define TEMPO 0.35
#define SCALE 1.6

static double card_worth(const D52Card *bc, int jack_down_hp) {
    int hp;
    double worth;
    if (bc->up) {
        hp = (bc->rank == JACK ? 3 : 2) - bc->damage;
        worth = UP_WORTH[bc->rank];
    } else {
        hp = (bc->rank == JACK ? jack_down_hp : 2) - bc->damage;
        worth = DOWN_WORTH[bc->rank] * (bc->base ? 0.6 : 1.0);
    }
    if (bc->frozen) worth *= 0.8;
    return hp * HIT_POINT + worth;
}

double d52_evaluate(const D52State *st, int me) {
    if (st->result != R_NONE) return st->result == R_DRAW ? 0.5 : (st->result == me ? 1.0 : 0.0);
    int open = 0;
    for (int lane = 0; lane < D52_LANES; lane++) open += st->lane_winner[lane] < 0;
    if (!open) open = 1;
    double share[2] = {st->hand_n[0] * HAND_CARD / open, st->hand_n[1] * HAND_CARD / open};
    double tempo = st->current == me ? TEMPO : -TEMPO;
    double chances[D52_LANES];
    for (int lane = 0; lane < D52_LANES; lane++) {
        int winner = st->lane_winner[lane];
        if (winner >= 0) {
            chances[lane] = winner == me ? 1.0 : 0.0;
            continue;
        }
        double strength[2];
        for (int s = 0; s < 2; s++) {
            double sum = 0.0;
            for (int i = 0; i < st->row_n[lane][s]; i++)
                sum += card_worth(&st->rows[lane][s][i], st->opt_jack_hp);
            strength[s] = sum + share[s];
        }
        double gap = strength[me] - strength[1 - me] + tempo;
        if (!st->pile_n) {
            int mine = st->row_n[lane][me], theirs = st->row_n[lane][1 - me];
            if (!theirs && !st->hand_n[1 - me] && mine) {
                chances[lane] = 0.97;
                continue;
            }
            if (!mine && !st->hand_n[me] && theirs) {
                chances[lane] = 0.03;
                continue;
            }
        }
        chances[lane] = 1.0 / (1.0 + exp(-gap / SCALE));
    }
    double a = chances[0], b = chances[1], c = chances[2];
    return a * b + a * c + b * c - 2 * a * b * c;
}

/* ------------------------------------------------------------------ search */

typedef struct {
    uint64_t code;
    long visits, avail;
    double total;
    int child, next;
} Edge;

typedef struct {
    int first, last;
} Node;

struct D52Search {
    D52State world, sample;
    D52Legal legal, filtered;
    int seat, cutoff, n_root;
    double c;
    uint64_t *root_legal;
    Node *nodes;
    Edge *edges;
    int *path;
    int n_nodes, cap_nodes, n_edges, cap_edges;
};

static int grow(void **items, int *cap, int need, size_t size) {
    if (need <= *cap) return 0;
    int cap2 = *cap ? *cap * 2 : 256;
    while (cap2 < need) cap2 *= 2;
    void *p = realloc(*items, size * (size_t)cap2);
    if (p == NULL) return -1;
    *items = p;
    *cap = cap2;
    return 0;
}

static int new_node(D52Search *s) {
    int before = s->cap_nodes;
    if (grow((void **)&s->nodes, &s->cap_nodes, s->n_nodes + 1, sizeof(Node))) return -1;
    if (s->cap_nodes != before) { /* a walk is never longer than the tree is deep */
        void *p = realloc(s->path, sizeof(int) * (size_t)s->cap_nodes);
        if (p == NULL) return -1;
        s->path = p;
    }
    s->nodes[s->n_nodes].first = s->nodes[s->n_nodes].last = -1;
    return s->n_nodes++;
}

D52Search *d52_search_new(const D52State *world, int seat, double c, int cutoff,
                          const uint64_t *root_legal, int n_root) {
    D52Search *s = calloc(1, sizeof(D52Search));
    if (s == NULL) return NULL;
    s->world = *world;
    s->seat = seat;
    s->c = c;
    s->cutoff = cutoff;
    s->n_root = n_root;
    s->root_legal = malloc(sizeof(uint64_t) * (size_t)(n_root ? n_root : 1));
    if (s->root_legal == NULL || new_node(s) < 0) {
        d52_search_free(s);
        return NULL;
    }
    memcpy(s->root_legal, root_legal, sizeof(uint64_t) * (size_t)n_root);
    return s;
}

void d52_search_free(D52Search *s) {
    if (s == NULL) return;
    free(s->root_legal);
    free(s->nodes);
    free(s->edges);
    free(s->path);
    free(s);
}

/* _select: UCB over the actions legal here, an untried one first; -1 on no memory. */
static int select_edge(D52Search *s, int node, const D52Legal *legal, uint64_t *rng, int *is_new) {
    uint64_t untried[D52_MAXLEGAL];
    int nu = 0, best = -1;
    double best_score = -INFINITY;
    for (int k = 0; k < legal->n; k++) {
        uint64_t code = legal->a[k];
        int e = s->nodes[node].first;
        while (e >= 0 && s->edges[e].code != code) e = s->edges[e].next;
        if (e < 0) {
            untried[nu++] = code;
            continue;
        }
        Edge *edge = &s->edges[e];
        edge->avail++;
        double score = edge->total / edge->visits +
                       s->c * sqrt(log((double)edge->avail) / edge->visits);
        if (score > best_score) {
            best_score = score;
            best = e;
        }
    }
    *is_new = nu > 0;
    if (!nu) return best;
    uint64_t code = nu > 1 ? untried[d52_rng_below(rng, (uint64_t)nu)] : untried[0];
    if (grow((void **)&s->edges, &s->cap_edges, s->n_edges + 1, sizeof(Edge))) return -1;
    int e = s->n_edges++;
    Edge *edge = &s->edges[e];
    edge->code = code;
    edge->visits = 0;
    edge->avail = 1;
    edge->total = 0.0;
    edge->child = -1;
    edge->next = -1;
    Node *n = &s->nodes[node];
    if (n->last >= 0) s->edges[n->last].next = e;
    else n->first = e;
    n->last = e;
    return e;
}

static int in_root(const D52Search *s, uint64_t code) {
    for (int k = 0; k < s->n_root; k++)
        if (s->root_legal[k] == code) return 1;
    return 0;
}

static int iterate(D52Search *s, uint64_t *rng) {
    D52State *st = &s->sample;
    if (d52_redeal(&s->world, st, s->seat, rng)) return -1;
    d52_legal(st, &s->legal);
    if (s->legal.overflow) return -1;
    int node = 0, np = 0, at_root = 1;
    while (st->result == R_NONE) {
        const D52Legal *legal = &s->legal;
        if (at_root && st->current == s->seat) {
            s->filtered.n = 0;
            for (int k = 0; k < s->legal.n; k++)
                if (in_root(s, s->legal.a[k])) s->filtered.a[s->filtered.n++] = s->legal.a[k];
            if (s->filtered.n) legal = &s->filtered;
        }
        int is_new;
        int e = select_edge(s, node, legal, rng, &is_new);
        if (e < 0) return -1;
        s->path[np++] = e;
        d52_apply_settled(st, s->edges[e].code, &s->legal);
        if (st->error) return -1;
        if (is_new) {
            int child = new_node(s);
            if (child < 0) return -1;
            s->edges[e].child = child;
            break;
        }
        node = s->edges[e].child;
        at_root = 0;
    }
    double rewards[2];
    int steps = 0;
    for (;;) { /* _playout: random, cut off by the evaluator */
        if (st->result != R_NONE) {
            rewards[0] = st->result == R_DRAW ? 0.5 : st->result == 0 ? 1.0 : 0.0;
            rewards[1] = st->result == R_DRAW ? 0.5 : st->result == 1 ? 1.0 : 0.0;
            break;
        }
        if (s->cutoff && steps >= s->cutoff) {
            double v = d52_evaluate(st, 0);
            rewards[0] = v;
            rewards[1] = 1.0 - v;
            break;
        }
        if (s->legal.n == 0) return -1;
        uint64_t code = s->legal.a[d52_rng_below(rng, (uint64_t)s->legal.n)];
        d52_apply_settled(st, code, &s->legal);
        if (st->error) return -1;
        steps++;
    }
    for (int k = 0; k < np; k++) {
        Edge *edge = &s->edges[s->path[k]];
        edge->visits++;
        edge->total += rewards[edge->code >> 52];
    }
    return 0;
}

long d52_search_run(D52Search *s, uint64_t *rng, long iterations) {
    for (long k = 0; k < iterations; k++)
        if (iterate(s, rng)) return -1;
    return iterations;
}

int d52_search_root(const D52Search *s, D52RootMove *out, int max) {
    int n = 0;
    for (int e = s->nodes[0].first; e >= 0 && n < max; e = s->edges[e].next) {
        out[n].code = s->edges[e].code;
        out[n].visits = s->edges[e].visits;
        out[n].total = s->edges[e].total;
        n++;
    }
    return n;
}
