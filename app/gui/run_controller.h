#pragma once
/// Runs a method in a worker thread and hands its frames to the GUI thread.
///
/// The engine thread only ever touches a `LatestFrames` store (newest frame per chart, under a
/// mutex). The GUI pulls from it on a timer at about 30 Hz (PlotJuggler's coalescing pattern), so a
/// method that publishes thousands of frames per second never floods the event loop.
#include <QElapsedTimer>
#include <QMutex>
#include <QString>
#include <QObject>
#include <QWaitCondition>
#include <QThread>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>

#include "common/animation_settings.h"
#include "common/scenario_files.h"
#include "core/method.h"

namespace dpwapp {

class RunController : public QObject {
  Q_OBJECT
 public:
  explicit RunController(QObject* parent = nullptr);
  /// Nice value of the worker thread and its OpenMP team (Linux): the GUI thread comes first on a busy machine.
  /// +5 (CFS weight 335 against 1024) rather than +10 (110): at +10 a run beside two busy processes got ~10% of
  /// the machine and answered Stop only after 20 s in app.stale_pictures under load 9-10.
  static constexpr int kWorkerNice = 5;
  /// Readies the calling thread to run a method as the worker does (the worker calls it first, and
  /// bench/bench_gui_lessons too, so that it times runs as the GUI runs them): the worker's nice value
  /// (Linux), and an OpenMP team sized to the cores other processes leave free over kFreeCoresWindow
  /// (core/free_cores.h: beside one busy process on two cores, one thread). Returns the team size.
  /// `cancelled` (when given) ends the measure at once when it says true (Stop is answered in this phase too).
  static int prepareWorkerThread(const std::function<bool()>& cancelled = {});
  static constexpr std::chrono::milliseconds kFreeCoresWindow{100};
  ~RunController() override;

  /// Starts `scenario` in a new worker thread; ignored while a run is active.
  void start(const Scenario& scenario);
  /// Asks the run to stop; the worker ends at its next step boundary.
  void cancel();
  /// Pauses at the next step boundary (the worker waits; nothing is computed while paused).
  void pause();
  /// Resumes a paused run.
  void resume();
  /// While paused: lets exactly one more step run, then pauses again.
  void stepOnce();
  bool paused() const { return paused_.load(); }
  /// True once cancel() was called for the current (or last) run: a run that then ends unsuccessfully
  /// was cancelled, not failed.
  bool cancelRequested() const { return cancel_.load(); }
  /// True once a paused worker actually waits at a step boundary (no computation under way).
  bool waitingAtPause() const { return waiting_.load(); }
  /// Seconds since the run started (pauses included).
  double elapsedSeconds() const { return clock_.isValid() ? clock_.elapsed() / 1000.0 : 0.0; }
  /// Cancels and waits for the worker thread to finish.
  void stopAndWait();
  bool running() const;

  /// While on, each run started keeps one snapshot of its charts per published step (AnimationRecorder) for
  /// takeRecording: the window's own run is recorded, nothing runs twice (gui/recording_panel.h).
  void setRecording(bool on) { recording_ = on; }
  bool recording() const { return recording_; }
  /// The last recorded run's snapshots (moved out; empty if it was not recorded), its step count and where its
  /// method reads the privacy spent (for the captions).
  struct Recording {
    std::vector<AnimationSnapshot> snapshots;
    long totalSteps = 0;
    dpw::PrivacyReadout privacy;
  };
  Recording takeRecording();

  /// Frames published since the last call (newest per chart), moved out of the store.
  std::vector<dpw::FramePtr> takeNewFrames();
  long step() const { return step_.load(); }
  /// What the run said it does now (RunObserver::onStatus: "loading Fashion-MNIST…"); empty until it says,
  /// and again from its first frame (what it said before was its preparation) until it says something new.
  QString status() const;
  long totalSteps() const { return total_.load(); }

 signals:
  void finished(bool ok, QString message, dpwapp::Scenario scenario, QVariantMap metrics, QString privacyStatement);

 private:
  class Observer;
  mutable QMutex mutex_;
  std::map<std::string, dpw::FramePtr> pending_;
  QString status_;  ///< guarded by mutex_
  bool recording_ = false;
  Recording recorded_;  ///< guarded by mutex_
  std::vector<std::string> order_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> paused_{false};
  std::atomic<bool> waiting_{false};
  int stepsAllowed_ = 0;  ///< steps granted while paused (guarded by mutex_)
  QWaitCondition resumed_;
  QElapsedTimer clock_;
  std::atomic<long> step_{0}, total_{0};
  QThread* thread_ = nullptr;
};

}  // namespace dpwapp
