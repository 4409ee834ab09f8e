// lit-style templates: a tagged template binds a method as an event
// listener, html`<button @click=${this.open}>`; tsserver counts the
// reference among the method's incoming calls.
function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.join("") + values.length;
}

export class AppSk extends HTMLElement {
  private static template = (el: AppSk) => html`<input @change=${el.toggle} .value=${el.label}>`; // @def(template, "template") @site(t1, "toggle") @ref(template, toggle, t1)

  label = "x";

  toggle(): void {} // @def(toggle, "toggle")

  open(): void {} // @def(open, "open")

  render(): string { // @def(render, "render")
    return html`<button @click=${this.open}>Create</button>`; // @site(o1, "open") @ref(render, open, o1)
  }
}

// this in an object literal's property value is the method's: the getter
// is read; in an object literal's own method it is the object.
export class Provider {
  get endpoint(): string { // @def(endpoint, "endpoint")
    return "https://example.test";
  }

  get contextWindow(): number { // @def(contextWindow, "contextWindow")
    return 1;
  }

  request(): { url: string; size: number; read(): number } { // @def(request, "request")
    return {
      url: `${this.endpoint}/models`, // @site(e1, "endpoint") @access(request, endpoint, "reads the getter", e1)
      size: this.contextWindow, // @site(c1, "contextWindow") @access(request, contextWindow, "reads the getter", c1)
      read() {
        return this.size;
      },
    };
  }
}
