export class ResponseBuilder {
  protected readonly parts: string[] = [];

  static create(): ResponseBuilder {
    return new ResponseBuilder();
  }

  header(text: string): this { // @def(header, "header")
    this.parts.push(text);
    return this;
  }

  field(label: string, value: string): this { // @def(field, "field")
    this.parts.push(`${label}: ${value}`);
    return this;
  }

  build(): string { // @def(build, "build")
    return this.parts.join("\n");
  }
}

export class CardBuilder extends ResponseBuilder {
  image(url: string): this { // @def(image, "image")
    this.parts.push(url);
    return this;
  }
}

export class Form {
  field(name: string): string { // @def(formField, "field") @nocallers(formField)
    return name;
  }
}
