// A value chosen by a condition between two of one class
// (dcodesmith/hyre-worker-nestjs's booking decorator): tsserver types it as
// the union of both branches, and its transform(...) is a call of the
// class's method.
export class ValidationPipe {
  constructor(private readonly strict: boolean) {}

  transform(body: unknown): unknown { // @def(transform, "transform") @callers(transform, validate, validateFresh)
    return this.strict ? body : null;
  }
}

const strictPipe = new ValidationPipe(true);
const loosePipe = new ValidationPipe(false);

export function validate(body: unknown, signedIn: boolean): unknown { // @def(validate, "validate")
  const pipe = signedIn ? strictPipe : loosePipe;
  return pipe.transform(body); // @site(validateTransform, "transform") @call(validate, transform, validateTransform)
}

export function validateFresh(body: unknown, signedIn: boolean): unknown { // @def(validateFresh, "validateFresh")
  const pipe = signedIn ? null : new ValidationPipe(false);
  return pipe?.transform(body); // @site(freshTransform, "transform") @call(validateFresh, transform, freshTransform)
}

// Another class with a transform: the calls above are not its.
export class UpperPipe {
  transform(s: string): string { // @def(upperTransform, "transform") @callers(upperTransform)
    return s.toUpperCase();
  }
}
