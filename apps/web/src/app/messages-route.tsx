import MessagesPage from '../features/chat/messages-page';
import { ChatAssistant } from './pinned-assistant';

/** /messages: the chat feature's page with the assistant feature's thread as its pinned Assistant. */
export default function MessagesRoute() {
  return <MessagesPage assistant={ChatAssistant} />;
}
