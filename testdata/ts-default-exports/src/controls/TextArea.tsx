const TextArea = () => { // @def(textArea, "TextArea")
  return <textarea />;
};

export default TextArea;
