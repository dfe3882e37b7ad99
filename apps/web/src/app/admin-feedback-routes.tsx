import { useParams } from 'react-router';
import { adminPage } from '../features/admin/admin-only';
import { FeedbackTriage } from '../features/feedback/feedback-triage';
import { FeedbackTriageItem } from '../features/feedback/feedback-triage-item';

// The feedback feature's triage behind the admin feature's guard (features never import each other).

/** /admin/feedback: the triage list, for platform admins only. */
export const AdminFeedbackRoute = adminPage('Feedback Triage', FeedbackTriage);

function TriageItem() {
  const { id = '' } = useParams();
  return <FeedbackTriageItem key={id} id={id} />;
}

/** /admin/feedback/:id: one item, for platform admins only. */
export const AdminFeedbackItemRoute = adminPage('Feedback', TriageItem);
