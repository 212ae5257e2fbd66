// Every feature that keeps what a server event changes registers its listeners with the socket
// layer as its module loads (realtime/eventHandlers.ts), and realtime/ imports no feature. They
// are loaded here, with the signed-in app and before its screens, so every event has its keepers
// before the socket connects; where two features keep one event, it reaches them in this order.
// liveEvents.test.ts checks that every event of the protocol has a keeper.
import './features/users/userEvents';
import './features/platform/platformStore';
import './features/classes/classesStore';
import './features/schools/schoolsStore';
import './features/report/reportViews';
import './features/myReport/myReportStore';
import './features/rounds/roundsStore';
import './features/taskButtons/taskButtonsStore';
import './features/sick/sickStore';
import './features/away/tripsStore';
import './features/register/registerStore';
import './features/register/registerEntriesStore';
import './features/rollCalls/rollCallsStore';
import './features/rollCalls/tonightStore';
import './features/evacuations/evacuationsStore';
import './features/maintenance/maintenanceStore';
import './features/maintenance/ownCasesStore';
import './features/auth/sessionEnded';
import './realtime/socket';
