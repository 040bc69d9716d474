// The board's side of the pick interaction: marks what may be clicked next, what is
// picked, and asks in place when several actions end on the same picks.

import { candidates, click, nextPicks } from "./picks.js";
import { actionWords } from "./words.js";

export class PickBoard {
  /**
   * @param {HTMLElement} board the element the snapshot's board HTML is drawn in
   * @param {HTMLElement} menu the in-place menu
   * @param {{onSend: (a: object) => void, onChange: () => void}} handlers
   */
  constructor(board, menu, handlers) {
    this.board = board;
    this.menu = menu;
    this.handlers = handlers;
    this.actions = [];
    this.selected = [];
    this.enabled = false;
    board.addEventListener("click", (event) => this.onClick(event));
    board.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && pickOf(event.target)) {
        event.preventDefault();
        this.onClick(event);
      }
    });
    menu.addEventListener("keydown", (event) => this.onMenuKey(event));
  }

  /**
   * New board HTML (trusted: built and escaped by the server) and the actions on it.
   * `same` says the position did not change (the same snapshot sent again): the picks
   * made so far stay, if they still fit.
   */
  draw(html, actions, enabled, same = false) {
    const keep = same ? this.selected : [];
    this.hideMenu();
    this.board.innerHTML = html;
    this.actions = actions.filter((a) => Array.isArray(a.picks));
    this.selected = keep.length && candidates(this.actions, keep).length ? keep : [];
    this.enabled = enabled;
    this.mark();
  }

  /** Stops taking clicks (an action is on its way) or starts again. */
  setEnabled(enabled) {
    this.enabled = enabled;
    if (!enabled) this.hideMenu();
    this.mark();
  }

  /** The actions that fit the picks so far (all of them before the first pick). */
  fitting() {
    return candidates(this.actions, this.selected);
  }

  clear() {
    this.selected = [];
    this.hideMenu();
    this.mark();
    this.handlers.onChange();
  }

  /** Outlines the picks of one action (a move button hovered or focused), or none. */
  preview(action) {
    const ids = new Set(action ? action.picks : []);
    for (const el of this.board.querySelectorAll("[data-pick]")) {
      el.classList.toggle("previewed", ids.has(el.dataset.pick));
    }
  }

  onClick(event) {
    if (!this.enabled) return;
    const el = this.pickAt(event.target);
    if (!el) return;
    const result = click(this.actions, this.selected, el.dataset.pick);
    if (result.send) {
      this.selected = [];
      this.hideMenu();
      this.mark();
      this.handlers.onSend(result.send);
      return;
    }
    this.selected = result.selected;
    this.mark();
    this.handlers.onChange();
    if (result.menu) this.showMenu(result.menu, el);
    else {
      this.hideMenu();
      // From the keyboard, go on to the first place the move may go next.
      if (event.type === "keydown") this.board.querySelector(".pickable")?.focus();
    }
  }

  /** The element a click means: the innermost one under it that may be picked now (a card
   * inside a lane that is itself a target), else the innermost one. */
  pickAt(target) {
    const next = nextPicks(this.actions, this.selected);
    const first = pickOf(target);
    for (let el = first; el; el = pickOf(el.parentElement)) {
      if (next.has(el.dataset.pick) || this.selected.includes(el.dataset.pick)) return el;
    }
    return first;
  }

  mark() {
    const next = this.enabled ? nextPicks(this.actions, this.selected) : new Set();
    const picked = new Set(this.selected);
    for (const el of this.board.querySelectorAll("[data-pick]")) {
      const id = el.dataset.pick;
      const can = next.has(id);
      const isPicked = picked.has(id);
      el.classList.toggle("pickable", can);
      el.classList.toggle("picked", isPicked);
      el.classList.toggle("first-pick", can && this.selected.length === 0);
      if (can || isPicked) {
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.setAttribute("aria-pressed", String(isPicked));
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-pressed");
      }
    }
    this.board.classList.toggle("picking", this.selected.length > 0);
  }

  showMenu(actions, anchor) {
    const menu = this.menu;
    menu.replaceChildren();
    const title = document.createElement("p");
    title.className = "pick-menu-title";
    title.textContent = "Which one?";
    menu.append(title);
    for (const action of actions) {
      const item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.textContent = actionWords(action);
      item.addEventListener("click", () => {
        this.selected = [];
        this.hideMenu();
        this.mark();
        this.handlers.onSend(action);
      });
      menu.append(item);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "quiet";
    cancel.setAttribute("role", "menuitem");
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => this.clear());
    menu.append(cancel);
    menu.hidden = false;
    place(menu, anchor);
    menu.querySelector("button").focus();
  }

  hideMenu() {
    this.menu.hidden = true;
    this.menu.replaceChildren();
  }

  onMenuKey(event) {
    const items = [...this.menu.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(at + step + items.length) % items.length].focus();
    }
  }
}

function pickOf(target) {
  return target instanceof Element ? target.closest("[data-pick]") : null;
}


/** Puts the menu just under the anchor, inside its positioned parent and the window. */
function place(menu, anchor) {
  const parent = menu.offsetParent || document.body;
  const box = parent.getBoundingClientRect();
  const at = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  let left = at.left - box.left + at.width / 2 - width / 2;
  left = Math.max(4, Math.min(left, box.width - width - 4));
  menu.style.left = `${left}px`;
  menu.style.top = `${at.bottom - box.top + 6}px`;
}
