// Placeholder replaced by its owner in this change (issue 12); not shipped as is.
export default function SessionEstimateRoute() {
  return <h1>Estimate</h1>;
}
