// Placeholder replaced by its owner in this change (issue 12); not shipped as is.
export default function MeasurementsPage() {
  return <h1>Measurements</h1>;
}
