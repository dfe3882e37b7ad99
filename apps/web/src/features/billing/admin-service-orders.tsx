/** The platform admin's queue of service orders (start the work, deliver the file, cancel with refund): being built in this change. */
export function AdminServiceOrders() {
  return <p className="text-slate-700">Service orders appear here.</p>;
}
