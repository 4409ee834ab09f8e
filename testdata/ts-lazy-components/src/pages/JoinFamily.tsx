export default function JoinFamily() { // @def(joinFamily, "JoinFamily") @callers(joinFamily)
  return <div>join</div>;
}
