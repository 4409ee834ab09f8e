function DeepPanel() { // @def(deepPanel, "DeepPanel")
  return <section />;
}

export default DeepPanel;
