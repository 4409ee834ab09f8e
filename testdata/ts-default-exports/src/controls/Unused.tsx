// Exported by default and never imported: its exports are no callers.
const Unused = () => { // @def(unused, "Unused")
  return <hr />;
};

export default Unused; // @nocallers(unused)
