/* The compiled Duel 52 engine; see core.h. Function names follow the reference methods
 * (duel/state.py and engine/table.py) they mirror; read those for the rules. */
#include "core.h"

#include <string.h>

#define JACK 11
#define QUEEN 12
#define KING 13
#define ACE 14
#define ALL_SEATS 3

/* ------------------------------------------------------------------ SplitMix64 (core/rng.py) */

uint64_t d52_rng_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t d52_rng_below(uint64_t *s, uint64_t n) {
    /* Rejection as Rng.below: accept z below 2**64 - 2**64 % n. */
    uint64_t r = (UINT64_MAX % n + 1) % n;
    for (;;) {
        uint64_t z = d52_rng_next(s);
        if (r == 0 || z < (uint64_t)0 - r) return z % n;
    }
}

static void shuffle(uint8_t *items, int len, uint64_t *s) {
    for (int i = len - 1; i > 0; i--) {
        int j = (int)d52_rng_below(s, (uint64_t)(i + 1));
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* ------------------------------------------------------------------ actions */

static uint64_t code(int seat, int kind, int card, int lane, int ns, const uint64_t *slots,
                     int nt, const uint64_t *targets) {
    uint64_t c = (uint64_t)kind | (uint64_t)(card + 1) << 4 | (uint64_t)(lane + 1) << 10 |
                 (uint64_t)ns << 12 | (uint64_t)nt << 14;
    for (int k = 0; k < ns; k++) c |= slots[k] << (16 + 9 * k);
    for (int k = 0; k < nt; k++) c |= targets[k] << (34 + 9 * k);
    return c | (uint64_t)seat << 52;
}

#define C_KIND(c) ((int)((c)&15))
#define C_CARD(c) ((int)(((c) >> 4) & 63) - 1)
#define C_LANE(c) ((int)(((c) >> 10) & 3) - 1)
#define C_NSLOTS(c) ((int)(((c) >> 12) & 3))
#define C_NTARGETS(c) ((int)(((c) >> 14) & 3))
#define C_SLOT(c, k) ((int)(((c) >> (16 + 9 * (k))) & 511))
#define C_TARGET(c, k) ((int)(((c) >> (34 + 9 * (k))) & 511))
#define R_LANE(r) ((r) >> 7)
#define R_SIDE(r) (((r) >> 6) & 1)
#define R_INDEX(r) ((r)&63)

static void push(const D52State *st, D52Legal *out, uint64_t c) {
    (void)st;
    if (out->n < D52_MAXLEGAL) out->a[out->n++] = c;
    else out->overflow = 1;
}

static uint64_t single(int seat, int kind, int card, int lane) {
    return code(seat, kind, card, lane, 0, 0, 0, 0);
}

static uint64_t one_ref(int seat, int kind, int lane, int slot_or_target, uint64_t ref) {
    return slot_or_target ? code(seat, kind, -1, lane, 0, 0, 1, &ref)
                          : code(seat, kind, -1, lane, 1, &ref, 0, 0);
}

/* ------------------------------------------------------------------ small helpers */

static D52Card *at(D52State *st, int ref) {
    return &st->rows[R_LANE(ref)][R_SIDE(ref)][R_INDEX(ref)];
}

static int is_up(const D52Card *bc, int r) { return bc->up && bc->rank == r; }

static int max_hp(const D52State *st, const D52Card *bc) {
    if (bc->rank == JACK) return bc->up ? 3 : st->opt_jack_hp;
    return 2;
}

static void remove_first(uint8_t *items, uint8_t *n, int value) {
    for (int k = 0; k < *n; k++) {
        if (items[k] == value) {
            memmove(items + k, items + k + 1, (size_t)(*n - k - 1));
            (*n)--;
            return;
        }
    }
}

static void pend(D52State *st, int what, int lane, int n, const uint8_t *cards) {
    if (st->pending_n >= D52_MAXPEND) {
        st->error = 1;
        return;
    }
    D52Pending *p = &st->pending[st->pending_n++];
    p->what = (uint8_t)what;
    p->lane = (int8_t)lane;
    p->n = (uint8_t)n;
    if (n) memcpy(p->cards, cards, (size_t)n);
}

/* ------------------------------------------------------------------ power verbs */

static void draw(D52State *st, int seat) {
    if (st->pile_n) st->hands[seat][st->hand_n[seat]++] = st->pile[--st->pile_n];
}

static void turn_face_up(D52Card *bc) {
    bc->up = 1;
    bc->known = ALL_SEATS;
    if (bc->rank == 9) bc->frozen = 0;
}

static int has_activation(int r) {
    return r == 2 || r == 4 || r == 5 || r == 6 || r == 7 || r == QUEEN || r == KING || r == ACE;
}

static int look_target_count(const D52State *st, int seat) {
    int bit = 1 << seat, n = 0;
    for (int lane = 0; lane < D52_LANES; lane++)
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < st->row_n[lane][side]; i++) {
                const D52Card *bc = &st->rows[lane][side][i];
                if (!bc->up && !(bc->known & bit)) n++;
            }
    return n;
}

static int move_candidate_count(const D52State *st, int seat, int lane) {
    int n = 0;
    for (int other = 0; other < D52_LANES; other++) {
        if (other == lane) continue;
        for (int i = 0; i < st->row_n[other][seat]; i++)
            if (!st->pile_n || !st->rows[other][seat][i].base) n++;
    }
    return n;
}

static void activate_in_chosen_order(D52State *st, int lane, D52Card **cards, int n) {
    uint8_t waiting[D52_MAXWAIT];
    int w = 0;
    for (int k = 0; k < n; k++)
        if (has_activation(cards[k]->rank)) waiting[w++] = cards[k]->card;
    if (w) pend(st, P_ORDER, lane, w, waiting);
}

/* powers.py: the effect of each rank's activation */
static void activate(D52State *st, int seat, int lane, D52Card *bc) {
    D52Card *cards[D52_MAXROW];
    int n = 0;
    switch (bc->rank) {
    case 2:
        if (st->pile_n) {
            draw(st, seat);
            pend(st, P_DISCARD, -1, 0, 0);
        }
        break;
    case 4:
        if (look_target_count(st, seat)) pend(st, P_LOOK, -1, 0, 0);
        break;
    case 5:
        for (int i = 0; i < st->row_n[lane][seat]; i++) {
            D52Card *c = &st->rows[lane][seat][i];
            if (!c->up && (!c->base || !st->pile_n)) cards[n++] = c;
        }
        for (int k = 0; k < n; k++) turn_face_up(cards[k]);
        activate_in_chosen_order(st, lane, cards, n);
        break;
    case 6:
        for (int i = 0; i < st->row_n[lane][1 - seat]; i++) {
            D52Card *c = &st->rows[lane][1 - seat][i];
            if (!is_up(c, 9)) c->frozen = 1;
        }
        break;
    case 7:
        for (int l = 0; l < D52_LANES; l++)
            for (int i = 0; i < st->row_n[l][seat]; i++) st->rows[l][seat][i].damage = 0;
        break;
    case QUEEN:
        if (move_candidate_count(st, seat, lane)) pend(st, P_MOVE, lane, 0, 0);
        break;
    case KING:
        for (int i = 0; i < st->row_n[lane][seat]; i++) {
            D52Card *c = &st->rows[lane][seat][i];
            int r = c->rank;
            if (c->up && (r == 2 || r == 4 || r == 5 || r == 6 || r == 7 || r == QUEEN ||
                          r == ACE))
                cards[n++] = c;
        }
        activate_in_chosen_order(st, lane, cards, n);
        break;
    case ACE:
        st->actions_left++;
        bc->bonus++;
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ rows */

static int letter_bit(uint64_t vacated, int index) {
    int bit = -1;
    while (index >= 0) {
        bit++;
        if (bit >= 64 || !(vacated >> bit & 1)) index--;
    }
    return bit;
}

static void vacate(D52State *st, int lane, int side, int index) {
    int bit = letter_bit(st->vacated[lane][side], index);
    if (bit < 64) st->vacated[lane][side] |= (uint64_t)1 << bit;
    else st->error = 1;
}

/* _lift: the card leaves its row; a pair it was in breaks. */
static D52Card lift(D52State *st, int lane, int side, int i) {
    vacate(st, lane, side, i);
    D52Card *row = st->rows[lane][side];
    D52Card bc = row[i];
    int n = st->row_n[lane][side];
    memmove(row + i, row + i + 1, sizeof(D52Card) * (size_t)(n - i - 1));
    st->row_n[lane][side] = (uint8_t)(n - 1);
    if (bc.pair) {
        for (int k = 0; k < n - 1; k++)
            if (row[k].pair == bc.pair) row[k].pair = 0;
        bc.pair = 0;
    }
    return bc;
}

static void append_card(D52State *st, int lane, int side, D52Card bc) {
    if (st->row_n[lane][side] >= D52_MAXROW) {
        st->error = 1;
        return;
    }
    st->rows[lane][side][st->row_n[lane][side]++] = bc;
}

static void add_discard(D52State *st, int card, int up, int known, int killed) {
    D52Discard *d = &st->discard[st->discard_n++];
    d->card = (uint8_t)card;
    d->up = (uint8_t)up;
    d->known = (uint8_t)known;
    d->killed = (uint8_t)killed;
}

static void kill(D52State *st, int lane, int side, int i) {
    D52Card bc = lift(st, lane, side, i);
    add_discard(st, bc.card, bc.up, bc.up ? ALL_SEATS : bc.known, 1);
}

/* ------------------------------------------------------------------ legal actions */

static void twinstrikes(const D52State *st, D52Legal *out, int lane, int ns,
                        const uint64_t *attackers, const int *eligible, int ne) {
    int me = st->current, opp = 1 - me;
    const D52Card *theirs = st->rows[lane][opp];
    int others[D52_MAXROW], no = 0;
    for (int k = 0; k < ne; k++) {
        int j = eligible[k];
        uint64_t t = D52_REF(lane, opp, j);
        if (is_up(&theirs[j], 9)) push(st, out, code(me, K_ATTACK, -1, -1, ns, attackers, 1, &t));
        else others[no++] = j;
    }
    if (st->opt_twin_optional || no == 1)
        for (int k = 0; k < no; k++) {
            uint64_t t = D52_REF(lane, opp, others[k]);
            push(st, out, code(me, K_ATTACK, -1, -1, ns, attackers, 1, &t));
        }
    for (int a = 0; a < no; a++)
        for (int b = 0; b < no; b++) {
            int x = others[a], y = others[b];
            if (x != y && (ns == 2 || x < y)) {
                uint64_t t[2] = {D52_REF(lane, opp, x), D52_REF(lane, opp, y)};
                push(st, out, code(me, K_ATTACK, -1, -1, ns, attackers, 2, t));
            }
        }
}

static void main_actions(const D52State *st, D52Legal *out) {
    int me = st->current, opp = 1 - me;
    int pile_empty = st->pile_n == 0;
    out->n = out->overflow = 0;
    int open[D52_LANES], nopen = 0;
    for (int lane = 0; lane < D52_LANES; lane++)
        if (st->lane_winner[lane] != opp) open[nopen++] = lane;
    for (int k = 0; k < st->hand_n[me]; k++)
        for (int l = 0; l < nopen; l++)
            push(st, out, single(me, K_PLAY, st->hands[me][k], open[l]));
    for (int lane = 0; lane < D52_LANES; lane++) {
        const D52Card *mine = st->rows[lane][me], *theirs = st->rows[lane][opp];
        int nm = st->row_n[lane][me], nt = st->row_n[lane][opp];
        int ready[D52_MAXROW], nr = 0;
        uint32_t ranks_seen = 0;
        for (int i = 0; i < nm; i++) {
            const D52Card *bc = &mine[i];
            if (!bc->up) {
                if ((!bc->frozen ||
                     (st->opt_nine_immune && bc->rank == 9 && (bc->known >> me & 1))) &&
                    (pile_empty || !bc->base))
                    push(st, out, one_ref(me, K_FLIP, -1, 0, D52_REF(lane, me, i)));
                continue;
            }
            if (!bc->pair) {
                uint32_t bit = 1u << bc->rank;
                if (ranks_seen & bit) {
                    /* _pairs_with */
                    for (int j = 0; j < i; j++) {
                        const D52Card *o = &mine[j];
                        if (o->up && !o->pair && o->rank == bc->rank) {
                            uint64_t s[2] = {D52_REF(lane, me, j), D52_REF(lane, me, i)};
                            push(st, out, code(me, K_PAIR, -1, -1, 2, s, 0, 0));
                        }
                    }
                }
                ranks_seen |= bit;
            }
            int allowed = 1 + bc->bonus;
            if (st->opt_ace_two && allowed > 2) allowed = 2;
            if (!bc->frozen && (!bc->attacks || bc->attacks < allowed)) ready[nr++] = i;
        }
        if (!nr || !nt) continue;
        int eligible[D52_MAXROW], ne = 0, jacks[D52_MAXROW], nj = 0;
        for (int j = 0; j < nt; j++) {
            const D52Card *t = &theirs[j];
            if (pile_empty || !t->base) {
                eligible[ne++] = j;
                if (t->up && t->rank == JACK) jacks[nj++] = j;
            }
        }
        if (nj) {
            memcpy(eligible, jacks, sizeof(int) * (size_t)nj);
            ne = nj;
        }
        if (!ne) continue;
        for (int k = 0; k < nr; k++) {
            int i = ready[k];
            const D52Card *bc = &mine[i];
            if (bc->pair) {
                /* _pair_attacks: listed once, from its first card, when both can attack */
                int j = -1;
                for (int m = 0; m < nm; m++)
                    if (mine[m].pair == bc->pair && m != i) {
                        j = m;
                        break;
                    }
                if (j < i) continue;
                int j_ready = 0;
                for (int m = 0; m < nr; m++)
                    if (ready[m] == j) j_ready = 1;
                if (!j_ready) continue;
                uint64_t s[2] = {D52_REF(lane, me, i), D52_REF(lane, me, j)};
                if (bc->rank == 10) {
                    twinstrikes(st, out, lane, 2, s, eligible, ne);
                    continue;
                }
                for (int e = 0; e < ne; e++) {
                    uint64_t t = D52_REF(lane, opp, eligible[e]);
                    push(st, out, code(me, K_ATTACK, -1, -1, 2, s, 1, &t));
                }
            } else if (bc->rank == 10) {
                uint64_t s = D52_REF(lane, me, i);
                twinstrikes(st, out, lane, 1, &s, eligible, ne);
            } else {
                uint64_t s = D52_REF(lane, me, i);
                for (int e = 0; e < ne; e++) {
                    uint64_t t = D52_REF(lane, opp, eligible[e]);
                    push(st, out, code(me, K_ATTACK, -1, -1, 1, &s, 1, &t));
                }
            }
        }
    }
}

static void pending_choices(const D52State *st, D52Legal *out) {
    int me = st->current;
    const D52Pending *top = &st->pending[st->pending_n - 1];
    out->n = out->overflow = 0;
    if (top->what == P_DISCARD) {
        for (int k = 0; k < st->hand_n[me]; k++)
            push(st, out, single(me, K_DISCARD, st->hands[me][k], -1));
    } else if (top->what == P_LOOK) {
        int bit = 1 << me;
        for (int lane = 0; lane < D52_LANES; lane++)
            for (int side = 0; side < 2; side++)
                for (int i = 0; i < st->row_n[lane][side]; i++) {
                    const D52Card *bc = &st->rows[lane][side][i];
                    if (!bc->up && !(bc->known & bit))
                        push(st, out, one_ref(me, K_LOOK, -1, 1, D52_REF(lane, side, i)));
                }
    } else if (top->what == P_MOVE) {
        int lane = top->lane;
        for (int other = 0; other < D52_LANES; other++) {
            if (other == lane) continue;
            for (int i = 0; i < st->row_n[other][me]; i++)
                if (!st->pile_n || !st->rows[other][me][i].base)
                    push(st, out, one_ref(me, K_MOVE, lane, 0, D52_REF(other, me, i)));
        }
        push(st, out, single(me, K_STAY, -1, lane));
    } else {
        int lo = top->lane < 0 ? 0 : top->lane, hi = top->lane < 0 ? D52_LANES : top->lane + 1;
        for (int lane = lo; lane < hi; lane++)
            for (int i = 0; i < st->row_n[lane][me]; i++) {
                int card = st->rows[lane][me][i].card;
                for (int w = 0; w < top->n; w++)
                    if (top->cards[w] == card) {
                        push(st, out, one_ref(me, K_RESOLVE, -1, 0, D52_REF(lane, me, i)));
                        break;
                    }
            }
    }
}

/* ------------------------------------------------------------------ effects */

static void spend_action(D52State *st) {
    st->actions_left--;
    st->actions_taken++;
}

static void resolve_next(D52State *st, int lane, const D52Pending *entry, int at_lane,
                         D52Card *bc) {
    uint8_t rest[D52_MAXWAIT];
    int n = 0;
    for (int w = 0; w < entry->n; w++)
        if (entry->cards[w] != bc->card) rest[n++] = entry->cards[w];
    if (n) pend(st, P_ORDER, lane, n, rest);
    activate(st, st->current, at_lane, bc);
}

static int auto_resolve(D52State *st) {
    D52Pending top = st->pending[st->pending_n - 1];
    if (top.what != P_ORDER) return 0;
    int r0 = (top.cards[0] >> 2) + 2;
    for (int w = 1; w < top.n; w++)
        if ((top.cards[w] >> 2) + 2 != r0) return 0;
    st->pending_n--;
    int side = st->current;
    int lo = top.lane < 0 ? 0 : top.lane, hi = top.lane < 0 ? D52_LANES : top.lane + 1;
    for (int lane = lo; lane < hi; lane++)
        for (int i = 0; i < st->row_n[lane][side]; i++) {
            D52Card *bc = &st->rows[lane][side][i];
            if (bc->card == top.cards[0]) {
                resolve_next(st, top.lane, &top, lane, bc);
                return 1;
            }
        }
    return 1;
}

static void answer(D52State *st, uint64_t c) {
    int me = st->current;
    D52Pending top = st->pending[--st->pending_n];
    int kind = C_KIND(c);
    if (kind == K_DISCARD) {
        int card = C_CARD(c);
        remove_first(st->hands[me], &st->hand_n[me], card);
        int pub = st->opt_discard_revealed;
        add_discard(st, card, pub, pub ? ALL_SEATS : 1 << me, 0);
    } else if (kind == K_LOOK) {
        at(st, C_TARGET(c, 0))->known |= (uint8_t)(1 << me);
    } else if (kind == K_MOVE) {
        int r = C_SLOT(c, 0);
        D52Card bc = lift(st, R_LANE(r), R_SIDE(r), R_INDEX(r));
        append_card(st, C_LANE(c), R_SIDE(r), bc);
    } else if (kind == K_RESOLVE) {
        int r = C_SLOT(c, 0);
        resolve_next(st, top.lane, &top, R_LANE(r), at(st, r));
    }
}

static void bury(D52State *st, int n, const int *refs_in, int by_opponent) {
    int refs[2] = {refs_in[0], n > 1 ? refs_in[1] : 0};
    if (n > 1 && R_INDEX(refs[1]) > R_INDEX(refs[0])) { /* highest index first */
        int t = refs[0];
        refs[0] = refs[1];
        refs[1] = t;
    }
    for (int k = 0; k < n; k++) {
        int lane = R_LANE(refs[k]), side = R_SIDE(refs[k]), i = R_INDEX(refs[k]);
        D52Card *bc = &st->rows[lane][side][i];
        if (bc->damage < max_hp(st, bc)) continue;
        if (by_opponent && !bc->up && bc->rank == 3) {
            turn_face_up(bc); /* Trap */
            bc->damage = 0;
            continue;
        }
        kill(st, lane, side, i);
    }
}

static void attack(D52State *st, uint64_t c) {
    spend_action(st);
    int ns = C_NSLOTS(c), nt = C_NTARGETS(c);
    int slots[2], targets[2];
    D52Card *attackers[2] = {0}, *hit[2] = {0};
    for (int k = 0; k < ns; k++) attackers[k] = at(st, slots[k] = C_SLOT(c, k));
    for (int k = 0; k < nt; k++) hit[k] = at(st, targets[k] = C_TARGET(c, k));
    D52Card *lead = attackers[0];
    int paired = ns == 2;
    int damage[2];
    if (lead->rank == 10) {
        damage[0] = paired ? 2 : 1;
        damage[1] = 1;
    } else {
        damage[0] = paired ? 2 : 1;
        if (lead->rank == 9 && is_up(hit[0], JACK)) damage[0]++;
        nt = 1; /* zip(..., strict=True) in the reference: one target */
    }
    int retaliation = 0;
    for (int k = 0; k < nt; k++) {
        D52Card *bc = hit[k];
        if (is_up(bc, 8)) {
            int dies = bc->damage + damage[k] >= max_hp(st, bc);
            if (!dies || st->opt_dead_eight) retaliation++;
        }
        bc->damage = (uint8_t)(bc->damage + damage[k]);
    }
    for (int k = 0; k < ns; k++) {
        attackers[k]->attacks++;
        if (attackers[k]->rank != 9) attackers[k]->damage = (uint8_t)(attackers[k]->damage + retaliation);
    }
    bury(st, nt, targets, 1);
    bury(st, ns, slots, 0);
}

/* ------------------------------------------------------------------ turn flow */

static void check_lanes(D52State *st) {
    int8_t *winners = st->lane_winner;
    for (int lane = 0; lane < D52_LANES; lane++) {
        if (winners[lane] >= 0) continue;
        int ours = st->row_n[lane][0], theirs = st->row_n[lane][1], seat;
        if (!ours) {
            if (!theirs) continue;
            seat = 1;
        } else if (theirs) {
            continue;
        } else {
            seat = 0;
        }
        if (!st->opt_lane_closed && (st->pile_n || st->hand_n[1 - seat])) continue;
        winners[lane] = (int8_t)seat;
    }
    int none = 0, count[2] = {0, 0};
    for (int lane = 0; lane < D52_LANES; lane++) {
        if (winners[lane] < 0) none++;
        else count[winners[lane]]++;
    }
    if (none > 1) return;
    for (int seat = 0; seat < 2; seat++)
        if (count[seat] >= 2) {
            st->result = (int8_t)seat;
            return;
        }
}

static void start_turn(D52State *st) {
    int me = st->current;
    memset(st->vacated, 0, sizeof st->vacated);
    for (int lane = 0; lane < D52_LANES; lane++)
        for (int i = 0; i < st->row_n[lane][me]; i++) {
            st->rows[lane][me][i].attacks = 0;
            st->rows[lane][me][i].bonus = 0;
        }
    if (st->turn != 1 || st->opt_first_draws) draw(st, me);
    st->actions_left = st->turn == 1 ? 2 : 3;
    st->actions_taken = 0;
}

static void end_turn(D52State *st) {
    int me = st->current;
    for (int lane = 0; lane < D52_LANES; lane++)
        for (int i = 0; i < st->row_n[lane][me]; i++) {
            D52Card *bc = &st->rows[lane][me][i];
            bc->frozen = 0;
            bc->attacks = 0;
            bc->bonus = 0;
        }
    st->passes = st->actions_taken == 0 ? (uint8_t)(st->passes + 1) : 0;
    if (!st->pile_n && st->passes >= 3) {
        st->result = R_DRAW;
        return;
    }
    st->current = (uint8_t)(1 - me);
    st->turn++;
    st->actions_left = 0;
}

/* _settle; leaves the legal actions in ``out`` (none once the game is over). */
static void settle(D52State *st, D52Legal *out) {
    out->n = out->overflow = 0;
    for (;;) {
        while (st->pending_n && auto_resolve(st)) {
            if (st->error) return;
        }
        check_lanes(st);
        if (st->result != R_NONE || st->error) return;
        if (st->pending_n) {
            pending_choices(st, out);
            return;
        }
        if (st->actions_left > 0) {
            main_actions(st, out);
            if (out->n) return;
        }
        end_turn(st);
        if (st->result != R_NONE) return;
        start_turn(st);
    }
}

void d52_apply_settled(D52State *st, uint64_t c, D52Legal *out) {
    int kind = C_KIND(c);
    if (kind == K_PLAY) {
        spend_action(st);
        int me = st->current;
        remove_first(st->hands[me], &st->hand_n[me], C_CARD(c));
        D52Card bc = {0};
        bc.card = (uint8_t)C_CARD(c);
        bc.rank = (uint8_t)((bc.card >> 2) + 2);
        bc.known = (uint8_t)(1 << me);
        append_card(st, C_LANE(c), me, bc);
    } else if (kind == K_FLIP) {
        spend_action(st);
        int r = C_SLOT(c, 0);
        D52Card *bc = at(st, r);
        turn_face_up(bc);
        activate(st, st->current, R_LANE(r), bc);
    } else if (kind == K_ATTACK) {
        attack(st, c);
    } else if (kind == K_PAIR) {
        spend_action(st);
        at(st, C_SLOT(c, 0))->pair = (uint16_t)st->next_pair;
        at(st, C_SLOT(c, 1))->pair = (uint16_t)st->next_pair;
        st->next_pair++;
    } else {
        answer(st, c);
    }
    settle(st, out);
    if (out->overflow) st->error = 1;
}

/* ------------------------------------------------------------------ entry points */

void d52_new_game(D52State *st, uint64_t seed) {
    /* Options are set by the caller; everything else starts here (Duel52State.new_game). */
    uint8_t deck[52];
    int n = 52;
    for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
    st->rng = seed;
    shuffle(deck, 52, &st->rng);
    st->current = st->first_player = 0;
    st->result = R_NONE;
    st->error = 0;
    memset(st->lane_winner, -1, sizeof st->lane_winner);
    st->passes = 0;
    st->turn = 1;
    st->actions_left = st->actions_taken = 0;
    st->next_pair = 1;
    memset(st->vacated, 0, sizeof st->vacated);
    memset(st->row_n, 0, sizeof st->row_n);
    st->hand_n[0] = st->hand_n[1] = 0;
    st->discard_n = st->pending_n = 0;
    for (int lane = 0; lane < D52_LANES; lane++)
        for (int seat = 0; seat < 2; seat++) {
            D52Card bc = {0};
            bc.card = deck[--n];
            bc.rank = (uint8_t)((bc.card >> 2) + 2);
            bc.base = 1;
            append_card(st, lane, seat, bc);
        }
    for (int k = 0; k < 5; k++)
        for (int seat = 0; seat < 2; seat++) st->hands[seat][st->hand_n[seat]++] = deck[--n];
    st->removed_n = 0;
    for (int k = 0; k < st->opt_removed; k++) st->removed[st->removed_n++] = deck[--n];
    st->pile_n = (uint8_t)n;
    memcpy(st->pile, deck, (size_t)n);
    /* _begin */
    st->first_player = st->opt_first == 0 ? (uint8_t)d52_rng_below(&st->rng, 2)
                                           : (uint8_t)(st->opt_first - 1);
    st->current = st->first_player;
    start_turn(st);
    D52Legal out;
    settle(st, &out);
}

void d52_legal(const D52State *st, D52Legal *out) {
    out->n = out->overflow = 0;
    if (st->result != R_NONE) return;
    if (st->pending_n) pending_choices(st, out);
    else main_actions(st, out);
}

void d52_apply(D52State *st, uint64_t c) {
    D52Legal out;
    d52_apply_settled(st, c, &out);
}

/* random_step until the game ends, drawing from ``rng`` as core/stepping.py does; returns
 * the actions taken, or -1 if the state broke a limit of this engine. */
long d52_playout(D52State *st, uint64_t *rng) {
    D52Legal out;
    long actions = 0;
    d52_legal(st, &out);
    if (out.overflow) return -1;
    while (st->result == R_NONE) {
        if (out.n == 0 || st->error) return -1;
        uint64_t c = out.a[d52_rng_below(rng, (uint64_t)out.n)];
        d52_apply_settled(st, c, &out);
        actions++;
    }
    return st->error ? -1 : actions;
}
