import TextAreaComponent from '../controls';

export function Form() { // @def(form, "Form")
  return <TextAreaComponent />; // @site(f1, "TextAreaComponent") @call(form, textArea, f1)
}

// A story of the same name as the component, declared here: not the component.
export const TextArea = { args: {} };
