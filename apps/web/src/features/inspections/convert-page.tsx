// Placeholder replaced by its owner in this change (issue 12); not shipped as is.
export default function ConvertPage() {
  return <h1>Convert to claim file</h1>;
}
