// Every kind of write that can wait on the device (stores/outbox.ts) has its sender loaded with
// the signed-in app, so what waits from an earlier visit is sent wherever the person opens it.
import './features/myReport/reportOutbox';
import './features/maintenance/caseOutbox';
import './features/rollCalls/rollCallOutbox';
import './features/evacuations/evacuationOutbox';
