// Placeholder replaced by its owner in this change (issue 12); not shipped as is.
export default function AnalysisPage() {
  return <h1>Analysis</h1>;
}
