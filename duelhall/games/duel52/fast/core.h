/* The compiled Duel 52 engine: base two-player rules, every base rules option.
 *
 * A plain C99 mirror of duelhall/games/duel52/duel/state.py and engine/table.py, which stay
 * the reference: every function here names the Python method it mirrors, and the
 * differential tests (tests/games/duel52/test_fast_engine.py) play thousands of seeded games
 * through both, action by action. The state is one flat struct of fixed arrays, so a clone
 * is a memcpy and Python reads it through ctypes (fast/layout.py mirrors it field for field;
 * change both together).
 */
#ifndef D52_CORE_H
#define D52_CORE_H

#include <stdint.h>

#define D52_LANES 3
#define D52_MAXROW 52
#define D52_MAXPEND 24
#define D52_MAXWAIT 52
/* With 52 distinct cards no turn offers more: the four 10s strike at most about 4,700
 * pairs of targets, every other attack, flip, pair and play together under 1,000. A
 * table that fills up anyway sets ``error`` rather than drop an action. */
#define D52_MAXLEGAL 8192

/* Action kinds, numbered as Kind's order in engine/board.py's KIND_ORDER. */
enum { K_PLAY, K_FLIP, K_ATTACK, K_PAIR, K_DISCARD, K_LOOK, K_MOVE, K_STAY, K_RESOLVE };
/* Pending entries (table.py's module notes). */
enum { P_DISCARD, P_LOOK, P_MOVE, P_ORDER };
/* result: no result yet, a winner's seat, or a stalemate draw. */
enum { R_NONE = -1, R_DRAW = 2 };

typedef struct {
    uint8_t card, rank, up, base, damage, frozen, known, attacks, bonus, pad_;
    uint16_t pair;
} D52Card;

typedef struct {
    uint8_t what;
    int8_t lane;
    uint8_t n;
    uint8_t cards[D52_MAXWAIT];
} D52Pending;

typedef struct {
    uint8_t card, up, known, killed;
} D52Discard;

typedef struct {
    /* options */
    uint8_t opt_removed, opt_first, opt_first_draws, opt_lane_closed, opt_jack_hp,
        opt_twin_optional, opt_dead_eight, opt_ace_two, opt_nine_immune, opt_discard_revealed;
    /* turn */
    uint8_t current, first_player;
    int8_t result, error;
    int8_t lane_winner[D52_LANES];
    uint8_t passes;
    int32_t turn, actions_left, actions_taken, next_pair;
    uint64_t rng;
    uint64_t vacated[D52_LANES][2];
    /* zones */
    uint8_t row_n[D52_LANES][2];
    uint8_t hand_n[2], pile_n, removed_n, discard_n, pending_n;
    uint8_t hands[2][52], pile[52], removed[52];
    D52Discard discard[52];
    D52Card rows[D52_LANES][2][D52_MAXROW];
    D52Pending pending[D52_MAXPEND];
} D52State;

typedef struct {
    int n, overflow; /* overflow: more legal actions than the table holds */
    uint64_t a[D52_MAXLEGAL];
} D52Legal;

/* Action codes: kind 4 bits, card+1 6 bits (0: none), lane+1 2 bits, slot and target
 * counts 2 bits each, then up to two slots and two targets of 9 bits (lane 2, side 1,
 * index 6), then the seat. */
#define D52_REF(lane, side, i) ((uint64_t)(((lane) << 7) | ((side) << 6) | (i)))

uint64_t d52_rng_next(uint64_t *s);
uint64_t d52_rng_below(uint64_t *s, uint64_t n);
void d52_new_game(D52State *st, uint64_t seed);
void d52_legal(const D52State *st, D52Legal *out);
void d52_apply(D52State *st, uint64_t code);
long d52_playout(D52State *st, uint64_t *rng);
void d52_apply_settled(D52State *st, uint64_t code, D52Legal *out);

/* search.c: the duel's re-deal (duel/view.py), evaluator (duel/evaluate.py) and ISMCTS
 * with random playouts cut off by the evaluator (agents/ismcts.py). */
int d52_redeal(const D52State *src, D52State *dst, int seat, uint64_t *rng);
double d52_evaluate(const D52State *st, int seat);

typedef struct {
    uint64_t code;
    long visits;
    double total;
} D52RootMove;

typedef struct D52Search D52Search;
D52Search *d52_search_new(const D52State *world, int seat, double c, int cutoff,
                          const uint64_t *root_legal, int n_root);
/* Runs ``iterations`` more iterations; -1 if a sample broke a limit of this engine. */
long d52_search_run(D52Search *s, uint64_t *rng, long iterations);
int d52_search_root(const D52Search *s, D52RootMove *out, int max);
void d52_search_free(D52Search *s);

#endif
