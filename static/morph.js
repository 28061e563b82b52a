// Draw by patching: window.sheepsheadMorph(el, html) makes el's children match html while
// keeping every node that stays, so the focus, an open dialog, a scroll position and a running
// animation survive a draw (static/main.py calls it for each region that changed).
//
// Children are matched in order: an element with a key (its id, else data-card, else
// data-key) to the old child with the same tag and key wherever it is (moved into place);
// any other node to the old child in the same place when that one has no key and the same
// node type and tag.  A matched element gets the new attributes and its children are matched
// in turn; what is left over is removed, what is new is inserted.  Form controls take the
// state their new markup says (value, checked, selected), except a text field being typed in
// whose markup did not change.
(function () {
  "use strict";

  function key(node) {
    if (node.nodeType !== 1) return "";
    return node.id || node.getAttribute("data-card") || node.getAttribute("data-key") || "";
  }

  function attributes(old, neu) {
    for (const a of Array.from(old.attributes)) {
      if (!neu.hasAttributeNS(a.namespaceURI, a.localName)) {
        old.removeAttributeNS(a.namespaceURI, a.localName);
      }
    }
    for (const a of Array.from(neu.attributes)) {
      if (old.getAttributeNS(a.namespaceURI, a.localName) !== a.value) {
        old.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
    }
  }

  function controls(old, neu, changed) {
    if (old.tagName === "INPUT") {
      old.checked = neu.hasAttribute("checked");
      const value = neu.getAttribute("value") || "";
      if (old.value !== value && (changed || old !== document.activeElement)) old.value = value;
    } else if (old.tagName === "OPTION") {
      old.selected = neu.hasAttribute("selected");
    }
  }

  function node(old, neu) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
      return;
    }
    const changed = old.getAttribute("value") !== neu.getAttribute("value");
    attributes(old, neu);
    children(old, neu);
    controls(old, neu, changed);
  }

  function place(parent, child, before) {
    if (parent.moveBefore) {
      try {
        parent.moveBefore(child, before);   // keeps the focus and state where supported
        return;
      } catch (e) {
        // not movable this way: an ordinary move below
      }
    }
    parent.insertBefore(child, before);
  }

  function children(old, neu) {
    const keyed = new Map();
    for (const c of old.childNodes) {
      const k = key(c);
      if (k && !keyed.has(k)) keyed.set(k, c);
    }
    let cur = old.firstChild;
    for (const n of Array.from(neu.childNodes)) {
      const k = key(n);
      let match = null;
      if (k) {
        const m = keyed.get(k);
        if (m && m.tagName === n.tagName) {
          match = m;
          keyed.delete(k);
        }
      } else if (cur && !key(cur) && cur.nodeType === n.nodeType && cur.nodeName === n.nodeName) {
        match = cur;
      }
      if (!match) {
        old.insertBefore(n, cur);          // n leaves the parsed fragment
        continue;
      }
      if (match === cur) cur = cur.nextSibling;
      else place(old, match, cur);
      node(match, n);
    }
    while (cur) {
      const next = cur.nextSibling;
      old.removeChild(cur);
      cur = next;
    }
  }

  window.sheepsheadMorph = function (el, html) {
    const t = document.createElement("template");
    t.innerHTML = html;
    children(el, t.content);
  };
})();
